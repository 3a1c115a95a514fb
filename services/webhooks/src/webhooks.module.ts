import { Module } from '@nestjs/common';
import { NoteHandlers } from './note/note.handlers';
import { NoteService } from './note/note.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [NoteHandlers, OrgaPurgeHandlers],
  providers: [NoteService],
})
export class WebhooksModule {}
