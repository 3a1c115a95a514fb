import { Controller } from '@nestjs/common';
import { createWebhooksNoteRpc, listWebhooksNotesRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
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
  @RpcHandler(listWebhooksNotesRpc)
  async list(_input: RpcRequest<typeof listWebhooksNotesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listWebhooksNotesRpc>> {
    return this.notes.list(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(createWebhooksNoteRpc)
  async create(input: RpcRequest<typeof createWebhooksNoteRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createWebhooksNoteRpc>> {
    return this.notes.create(scopeOf(ctx), input.text);
  }
}
