import { Controller } from '@nestjs/common';
import { createRetailNoteRpc, listRetailNotesRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { NoteService } from './note.service';

/**
 * Any member reads the notes; organization administrators add them. The kit's access decorators
 * check the membership the gateway carried in the envelope (or ask identity) before the handler
 * runs, and leave the allowed scope for scopeOf(ctx) (docs/adr/0007-access-in-one-place.md).
 */
@Controller()
export class NoteHandlers {
  constructor(private readonly notes: NoteService) {}

  @Member()
  @RpcHandler(listRetailNotesRpc)
  async list(_input: RpcRequest<typeof listRetailNotesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listRetailNotesRpc>> {
    return this.notes.list(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(createRetailNoteRpc)
  async create(input: RpcRequest<typeof createRetailNoteRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createRetailNoteRpc>> {
    return this.notes.create(scopeOf(ctx), input.text);
  }
}
