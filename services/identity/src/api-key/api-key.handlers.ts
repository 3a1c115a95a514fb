import { Controller } from '@nestjs/common';
import {
  authenticateApiKeyRpc,
  createApiKeyRpc,
  listApiKeysRpc,
  revokeApiKeyRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcError, RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { ApiKeyService } from './api-key.service';

/** API keys (issue 33): organization administrators manage them in a session; the gateway checks them. */
@Controller()
export class ApiKeyHandlers {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(createApiKeyRpc)
  async create(input: RpcRequest<typeof createApiKeyRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createApiKeyRpc>> {
    return this.keys.create(await this.guard.caller(ctx), input);
  }

  @RpcHandler(listApiKeysRpc)
  async list(input: RpcRequest<typeof listApiKeysRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listApiKeysRpc>> {
    return { keys: await this.keys.list(await this.guard.caller(ctx), input.orga_id) };
  }

  @RpcHandler(revokeApiKeyRpc)
  async revoke(input: RpcRequest<typeof revokeApiKeyRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof revokeApiKeyRpc>> {
    return this.keys.revoke(await this.guard.caller(ctx), input.orga_id, input.api_key_id);
  }

  /** The gateway calls before it knows who is calling: a call made on someone's behalf is not the gateway's check. */
  @RpcHandler(authenticateApiKeyRpc)
  async authenticate(
    input: RpcRequest<typeof authenticateApiKeyRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof authenticateApiKeyRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.keys.authenticate(input.secret_sha256);
  }
}
