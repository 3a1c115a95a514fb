import { Controller } from '@nestjs/common';
import { createNotificationRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcError, RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { NotificationService } from './notification.service';

/** Other services' notifications (booking's NEW_BOOKING): service to service only, as scheduling's status-by-customer. */
@Controller()
export class NotificationCreateHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly notifications: NotificationService,
  ) {}

  @RpcHandler(createNotificationRpc)
  async create(input: RpcRequest<typeof createNotificationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createNotificationRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.db.transaction((m) =>
      this.notifications.create(m, {
        orgaId: input.orga_id,
        storeId: input.store_id,
        type: input.notification_type,
        belongsTo: input.belongs_to.toLowerCase(),
        title: input.title,
        text: input.text,
        params: input.params,
        time: new Date(),
        dedupeKey: `${input.notification_type}:${input.dedupe_key}`,
      }),
    );
  }
}
