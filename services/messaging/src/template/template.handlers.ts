import { Controller } from '@nestjs/common';
import {
  createMessageTemplateRpc,
  deleteMessageTemplateRpc,
  listMessageTemplatesRpc,
  previewMessageTemplateRpc,
  updateMessageTemplateRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, StoreRead, scopeOf, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { TemplatePreviewService } from './template-preview.service';
import { TemplateService } from './template.service';

/** Members read the templates; organization administrators write their own (R3.13); store readers preview (R3.15). */
@Controller()
export class TemplateHandlers {
  constructor(
    private readonly templates: TemplateService,
    private readonly previews: TemplatePreviewService,
  ) {}

  @Member()
  @RpcHandler(listMessageTemplatesRpc)
  async list(
    _input: RpcRequest<typeof listMessageTemplatesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listMessageTemplatesRpc>> {
    return { v: await this.templates.list(scopeOf(ctx).orgaId) };
  }

  @OrgaAdmin()
  @RpcHandler(createMessageTemplateRpc)
  async create(
    input: RpcRequest<typeof createMessageTemplateRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof createMessageTemplateRpc>> {
    const { orga_id: _orga, ...fields } = input;
    return this.templates.create(scopeOf(ctx).orgaId, fields);
  }

  @OrgaAdmin()
  @RpcHandler(updateMessageTemplateRpc)
  async update(
    input: RpcRequest<typeof updateMessageTemplateRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateMessageTemplateRpc>> {
    const { orga_id: _orga, template_id, ...fields } = input;
    return this.templates.update(scopeOf(ctx).orgaId, template_id, fields);
  }

  @OrgaAdmin()
  @RpcHandler(deleteMessageTemplateRpc)
  async remove(
    input: RpcRequest<typeof deleteMessageTemplateRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteMessageTemplateRpc>> {
    return this.templates.remove(scopeOf(ctx).orgaId, input.template_id);
  }

  @StoreRead()
  @RpcHandler(previewMessageTemplateRpc)
  async preview(
    input: RpcRequest<typeof previewMessageTemplateRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof previewMessageTemplateRpc>> {
    return this.previews.preview(storeScopeOf(ctx), input, ctx);
  }
}
