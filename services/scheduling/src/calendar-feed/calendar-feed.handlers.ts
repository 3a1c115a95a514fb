import { Controller } from '@nestjs/common';
import { readCalendarFeedRpc, regenerateCalendarFeedRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { AccessService, type RpcCallContext, RpcError, RpcHandler } from '@pawline/nest-kit';
import { ReferencedIds } from '../appointment/referenced-ids';
import { CalendarFeedService } from './calendar-feed.service';

@Controller()
export class CalendarFeedHandlers {
  constructor(
    private readonly access: AccessService,
    private readonly feeds: CalendarFeedService,
    private readonly references: ReferencedIds,
  ) {}

  /** Your own feed needs store read access; the store's or a colleague's needs store write access. */
  @RpcHandler(regenerateCalendarFeedRpc)
  async regenerate(
    input: RpcRequest<typeof regenerateCalendarFeedRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof regenerateCalendarFeedRpc>> {
    const own = input.user_id !== null && input.user_id === ctx.auth?.userId;
    const scope = await this.access.store(ctx, input.orga_id, input.store_id, own ? 'store_read' : 'store_write');
    if (!ctx.auth) throw new RpcError('unauthorized');
    await this.references.staff(ctx, scope, input.user_id);
    return this.feeds.regenerate(scope, input.user_id, ctx.auth.userId);
  }

  /** Public: calendars subscribe without a session; the token is the secret. */
  @RpcHandler(readCalendarFeedRpc)
  async read(input: RpcRequest<typeof readCalendarFeedRpc>): Promise<RpcResponse<typeof readCalendarFeedRpc>> {
    return this.feeds.read(input.token);
  }
}
