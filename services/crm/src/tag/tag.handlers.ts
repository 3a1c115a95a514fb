import { Controller } from '@nestjs/common';
import { createTagRpc, deleteTagRpc, listTagsRpc, updateTagRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { TagService } from './tag.service';

/** Any member reads the tags; writing them needs pet write access. */
@Controller()
export class TagHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly tags: TagService,
  ) {}

  @RpcHandler(listTagsRpc)
  async list(input: RpcRequest<typeof listTagsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listTagsRpc>> {
    await this.access.orga(ctx, input.orga_id, 'member');
    return this.tags.list(input.orga_id, input.kind);
  }

  @RpcHandler(createTagRpc)
  async create(input: RpcRequest<typeof createTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createTagRpc>> {
    return this.tags.create(await this.access.orga(ctx, input.orga_id, 'pet_write'), input);
  }

  @RpcHandler(updateTagRpc)
  async update(input: RpcRequest<typeof updateTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateTagRpc>> {
    return this.tags.update(await this.access.orga(ctx, input.orga_id, 'pet_write'), input);
  }

  @RpcHandler(deleteTagRpc)
  async delete(input: RpcRequest<typeof deleteTagRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteTagRpc>> {
    return this.tags.delete(await this.access.orga(ctx, input.orga_id, 'pet_write'), input.tag_id);
  }
}
