import { Controller, Injectable, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { handlesMessages, listedIn } from './module-wiring';

@Controller()
class NoteHandlers {
  @MessagePattern('rpc.note.create')
  create(): string {
    return 'created';
  }
}

@Injectable()
class NoteService {
  create(): string {
    return 'created';
  }
}

@Module({ controllers: [NoteHandlers], providers: [NoteService], exports: [NoteService] })
class NoteModule {}

describe('a module’s wiring', () => {
  it('tells a class with a method bound to a message from one without', () => {
    expect(handlesMessages(NoteHandlers)).toBe(true);
    expect(handlesMessages(NoteService)).toBe(false);
    expect(handlesMessages('NoteHandlers')).toBe(false);
  });

  it('reads what a module lists, and nothing where it lists nothing', () => {
    expect(listedIn(NoteModule, 'controllers')).toEqual([NoteHandlers]);
    expect(listedIn(NoteModule, 'providers')).toEqual([NoteService]);
    expect(listedIn(NoteModule, 'exports')).toEqual([NoteService]);
    expect(listedIn(NoteModule, 'imports')).toEqual([]);
  });
});
