import { Controller } from '@nestjs/common';
import {
  connectWhatsappManuallyRpc,
  connectWhatsappRpc,
  disconnectWhatsappRpc,
  getWhatsappAccountRpc,
  getWhatsappSignupConfigRpc,
  listWhatsappTemplatesRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { registrationView } from '../registry/registration-view';
import { TemplateRegistry } from '../registry/template-registry.service';
import { WhatsappAccountService } from './whatsapp-account.service';

/** The WhatsApp number's routes: members read, organization administrators connect and disconnect. */
@Controller()
export class WhatsappAccountHandlers {
  constructor(
    private readonly accounts: WhatsappAccountService,
    private readonly registry: TemplateRegistry,
  ) {}

  @Member()
  @RpcHandler(getWhatsappSignupConfigRpc)
  signupConfig(): RpcResponse<typeof getWhatsappSignupConfigRpc> {
    return this.accounts.signupConfig();
  }

  @Member()
  @RpcHandler(getWhatsappAccountRpc)
  async get(_input: RpcRequest<typeof getWhatsappAccountRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getWhatsappAccountRpc>> {
    return this.accounts.view(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(connectWhatsappRpc)
  async connect(input: RpcRequest<typeof connectWhatsappRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof connectWhatsappRpc>> {
    return this.accounts.connect(scopeOf(ctx).orgaId, input);
  }

  @OrgaAdmin()
  @RpcHandler(connectWhatsappManuallyRpc)
  async connectManually(
    input: RpcRequest<typeof connectWhatsappManuallyRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof connectWhatsappManuallyRpc>> {
    return this.accounts.connectManually(scopeOf(ctx).orgaId, input);
  }

  @OrgaAdmin()
  @RpcHandler(disconnectWhatsappRpc)
  async disconnect(
    _input: RpcRequest<typeof disconnectWhatsappRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof disconnectWhatsappRpc>> {
    return this.accounts.disconnect(scopeOf(ctx).orgaId);
  }

  @Member()
  @RpcHandler(listWhatsappTemplatesRpc)
  async templates(
    _input: RpcRequest<typeof listWhatsappTemplatesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listWhatsappTemplatesRpc>> {
    return { v: (await this.registry.list(scopeOf(ctx).orgaId)).map(registrationView) };
  }
}
