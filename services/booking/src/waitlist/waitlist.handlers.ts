import { Controller } from '@nestjs/common';
import {
  createWaitlistEntryRpc,
  deleteWaitlistEntryRpc,
  joinPublicWaitlistRpc,
  listWaitlistRpc,
  takeWaitlistOfferRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcError, RpcHandler, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { WaitlistService } from './waitlist.service';

/**
 * Issue 30 the waitlist (ADR 0063): store readers see it, store writers add customers who called and remove them;
 * the widget joins it without a login; a "Take it" tap comes from messaging as a service (no user).
 */
@Controller()
export class WaitlistHandlers {
  constructor(private readonly waitlist: WaitlistService) {}

  @StoreRead()
  @RpcHandler(listWaitlistRpc)
  async list(_input: RpcRequest<typeof listWaitlistRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listWaitlistRpc>> {
    return this.waitlist.list(storeScopeOf(ctx));
  }

  @StoreWrite()
  @RpcHandler(createWaitlistEntryRpc)
  async create(input: RpcRequest<typeof createWaitlistEntryRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createWaitlistEntryRpc>> {
    const { orga_id: _orga, store_id: _store, ...entry } = input;
    return this.waitlist.create(storeScopeOf(ctx), entry, ctx.auth && !ctx.auth.apiKey ? ctx.auth.userId : null);
  }

  @StoreWrite()
  @RpcHandler(deleteWaitlistEntryRpc)
  async remove(input: RpcRequest<typeof deleteWaitlistEntryRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteWaitlistEntryRpc>> {
    return this.waitlist.remove(storeScopeOf(ctx), input.entry_id);
  }

  @RpcHandler(joinPublicWaitlistRpc)
  async join(input: RpcRequest<typeof joinPublicWaitlistRpc>): Promise<RpcResponse<typeof joinPublicWaitlistRpc>> {
    return this.waitlist.join(input);
  }

  /** Service to service only: a user's call (the gateway binds no route to it) is refused. */
  @RpcHandler(takeWaitlistOfferRpc)
  async take(input: RpcRequest<typeof takeWaitlistOfferRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof takeWaitlistOfferRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.waitlist.take(input);
  }
}
