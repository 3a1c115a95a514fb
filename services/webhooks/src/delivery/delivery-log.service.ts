import { Injectable } from '@nestjs/common';
import { WEBHOOK_DELIVERY_PAGE_SIZE, type WebhookDelivery, type WebhookDeliveryPage } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { DELIVERY_COLUMNS, deliveryOf, returnedRows, type DeliveryRow } from '../endpoint/endpoint-rows';
import { DeliveryWorker } from './delivery.worker';

/** An endpoint's delivery log and its redelivery. */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly db: DataSource,
    private readonly worker: DeliveryWorker,
  ) {}

  /** Newest first; `before` is the last delivery of the previous page (keyset paging: no drift as new ones arrive). */
  async list(
    orgaId: string,
    endpointId: string,
    before: string | undefined,
    limit = WEBHOOK_DELIVERY_PAGE_SIZE,
  ): Promise<WebhookDeliveryPage> {
    await this.ownEndpoint(orgaId, endpointId);
    const rows = await this.db.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_delivery d
       WHERE d.endpoint_id = $1 AND d.orga_id = $2
         AND ($3::uuid IS NULL OR (d.created_at, d.id) < (SELECT created_at, id FROM webhook_delivery WHERE id = $3 AND endpoint_id = $1))
       ORDER BY d.created_at DESC, d.id DESC LIMIT $4`,
      [endpointId, orgaId, before ?? null, limit + 1],
    );
    const page = rows.slice(0, limit).map(deliveryOf);
    return { deliveries: page, next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  /**
   * Sends it again now with the same event id and body (a receiver that stored the first drops it), signed
   * anew; its three days of retries start again. One on its way is not sent twice: 409.
   */
  async redeliver(orgaId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.ownEndpoint(orgaId, endpointId);
    const [row] = returnedRows<DeliveryRow>(
      await this.db.query(
        `UPDATE webhook_delivery SET status = 'pending', next_attempt_at = now(), window_start = now(), locked_until = NULL
       WHERE id = $1 AND endpoint_id = $2 AND orga_id = $3 AND NOT (status = 'sending' AND locked_until >= now())
       RETURNING ${DELIVERY_COLUMNS}`,
        [deliveryId, endpointId, orgaId],
      ),
    );
    if (!row) {
      const exists = await this.db.query<unknown[]>(`SELECT 1 FROM webhook_delivery WHERE id = $1 AND endpoint_id = $2 AND orga_id = $3`, [
        deliveryId,
        endpointId,
        orgaId,
      ]);
      throw new RpcError(exists.length > 0 ? 'conflict' : 'not_found');
    }
    this.worker.wake();
    return deliveryOf(row);
  }

  private async ownEndpoint(orgaId: string, endpointId: string): Promise<void> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM webhook_endpoint WHERE id = $1 AND orga_id = $2`, [endpointId, orgaId]);
    if (rows.length === 0) throw new RpcError('not_found');
  }
}
