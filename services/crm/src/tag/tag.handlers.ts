import { Controller } from '@nestjs/common';
import { createTagRpc, deleteTagRpc, listTagsRpc, updateTagRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, PetWrite, type RpcCallContext, RpcHandler, scopeOf } from '@pawline/nest-kit';
import { TagService } from './tag.service';

/** Any member reads the tags; writing them needs pet write access. */
@Controller()
export class TagHandlers {
  constructor(private readonly tags: TagService) {}

  @Member()
  @RpcHandler(listTagsRpc)
  async list(input: RpcRequest<typeof listTagsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listTagsRpc>> {
    scopeOf(ctx);
    return this.tags.list(input.orga_id, input.kind);
  }

  @PetWrite()
  @RpcHandler(createTagRpc)
  async create(input: RpcRequest<typeof createTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createTagRpc>> {
    return this.tags.create(scopeOf(ctx), input);
  }

  @PetWrite()
  @RpcHandler(updateTagRpc)
  async update(input: RpcRequest<typeof updateTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateTagRpc>> {
    return this.tags.update(scopeOf(ctx), input);
  }

  @PetWrite()
  @RpcHandler(deleteTagRpc)
  async delete(input: RpcRequest<typeof deleteTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteTagRpc>> {
    return this.tags.delete(scopeOf(ctx), input.tag_id);
  }
}
