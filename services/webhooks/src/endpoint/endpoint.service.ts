import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_PING_EVENT,
  webhookEndpointCreatedEvent,
  webhookEndpointDeletedEvent,
  webhookEndpointUpdatedEvent,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@pawline/contracts';
import { OutboxService, RpcError, sealText, type OrgaScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { checkEndpointUrl } from '../delivery/address-check';
import {
  DELIVERY_COLUMNS,
  deliveryOf,
  ENDPOINT_COLUMNS,
  endpointOf,
  returnedRows,
  type DeliveryRow,
  type EndpointRow,
} from './endpoint-rows';
import { SECRET_OVERLAP_HOURS } from '../delivery/signature';
import { newSigningSecret, secretPrefix } from './secret-cipher';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks.settings';
import { DeliveryWorker } from '../delivery/delivery.worker';

type EndpointFields = { url: string; description?: string; events: WebhookEventType[] };
type EndpointChange = Partial<EndpointFields> & { enabled?: boolean };

/** An organization's endpoints: registered, changed, switched off and on, their secret rotated. */
@Injectable()
export class EndpointService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly worker: DeliveryWorker,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async list(orgaId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.db.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoint WHERE orga_id = $1 ORDER BY created_at, id`,
      [orgaId],
    );
    return rows.map(endpointOf);
  }

  async create(scope: OrgaScope, fields: EndpointFields): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = this.checkedUrl(fields.url);
    const secret = newSigningSecret();
    return this.db.transaction(async (manager) => {
      // one organization's creations queue here, so the cap holds when two arrive at once
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoint:' || $1))`, [scope.orgaId]);
      const [{ n }] = await manager.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM webhook_endpoint WHERE orga_id = $1`, [
        scope.orgaId,
      ]);
      if (n >= WEBHOOK_MAX_ENDPOINTS) throw new RpcError('conflict', { params: { max: WEBHOOK_MAX_ENDPOINTS } });
      const [row] = await manager.query<EndpointRow[]>(
        `INSERT INTO webhook_endpoint (id, orga_id, url, description, events, secret_enc, secret_prefix)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ENDPOINT_COLUMNS}`,
        [
          randomUUID(),
          scope.orgaId,
          url,
          fields.description ?? '',
          fields.events,
          sealText(this.settings.keys.secretKey, secret),
          secretPrefix(secret),
        ],
      );
      const endpoint = endpointOf(row);
      await this.outbox.add(manager, webhookEndpointCreatedEvent, { orga_id: scope.orgaId, endpoint_id: endpoint.id }, scope.meta);
      return { endpoint, secret };
    });
  }

  async update(scope: OrgaScope, endpointId: string, change: EndpointChange): Promise<WebhookEndpoint> {
    const url = change.url === undefined ? undefined : this.checkedUrl(change.url);
    const endpoint = await this.db.transaction(async (manager) => {
      await this.locked(manager, scope.orgaId, endpointId);
      const [row] = returnedRows<EndpointRow>(
        await manager.query(
          `UPDATE webhook_endpoint SET
           url = COALESCE($3, url),
           description = COALESCE($4, description),
           events = COALESCE($5, events),
           enabled = COALESCE($6, enabled),
           -- switched on: its failures are forgotten; switched off by a person: 'manual'
           disabled_reason = CASE WHEN $6::boolean IS NULL THEN disabled_reason WHEN $6 THEN NULL ELSE 'manual' END,
           failing_since = CASE WHEN $6::boolean THEN NULL ELSE failing_since END,
           updated_at = now()
         WHERE id = $1 AND orga_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
          [endpointId, scope.orgaId, url ?? null, change.description ?? null, change.events ?? null, change.enabled ?? null],
        ),
      );
      await this.outbox.add(manager, webhookEndpointUpdatedEvent, { orga_id: scope.orgaId, endpoint_id: endpointId }, scope.meta);
      return endpointOf(row);
    });
    if (change.enabled) this.worker.wake();
    return endpoint;
  }

  async delete(scope: OrgaScope, endpointId: string): Promise<{ id: string }> {
    return this.db.transaction(async (manager) => {
      await this.locked(manager, scope.orgaId, endpointId);
      await manager.query(`DELETE FROM webhook_endpoint WHERE id = $1 AND orga_id = $2`, [endpointId, scope.orgaId]);
      await this.outbox.add(manager, webhookEndpointDeletedEvent, { orga_id: scope.orgaId, endpoint_id: endpointId }, scope.meta);
      return { id: endpointId };
    });
  }

  /**
   * Deliveries from now on, retries included, are signed with the new secret and, for SECRET_OVERLAP_HOURS, with
   * the one it replaces too, so receivers can switch without losing a delivery; a second rotation within that day
   * ends the first one's overlap (only the secret just replaced keeps signing).
   */
  async rotate(scope: OrgaScope, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = newSigningSecret();
    return this.db.transaction(async (manager) => {
      await this.locked(manager, scope.orgaId, endpointId);
      const [row] = returnedRows<EndpointRow>(
        await manager.query(
          `UPDATE webhook_endpoint SET previous_secret_enc = secret_enc,
           previous_secret_until = now() + ($5::int * interval '1 hour'),
           secret_enc = $3, secret_prefix = $4, updated_at = now()
         WHERE id = $1 AND orga_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
          [endpointId, scope.orgaId, sealText(this.settings.keys.secretKey, secret), secretPrefix(secret), SECRET_OVERLAP_HOURS],
        ),
      );
      await this.outbox.add(manager, webhookEndpointUpdatedEvent, { orga_id: scope.orgaId, endpoint_id: endpointId }, scope.meta);
      return { endpoint: endpointOf(row), secret };
    });
  }

  /** A `ping` delivery, sent at once (an endpoint switched off keeps it until switched on). */
  async ping(scope: OrgaScope, endpointId: string): Promise<WebhookDelivery> {
    const delivery = await this.db.transaction(async (manager) => {
      await this.locked(manager, scope.orgaId, endpointId);
      const eventId = randomUUID();
      const body = JSON.stringify({
        id: eventId,
        type: WEBHOOK_PING_EVENT,
        created_at: new Date().toISOString(),
        organization_id: scope.orgaId,
        data: { endpoint_id: endpointId },
      });
      const [row] = await manager.query<DeliveryRow[]>(
        `INSERT INTO webhook_delivery (id, orga_id, endpoint_id, event_id, event_type, body)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${DELIVERY_COLUMNS}`,
        [randomUUID(), scope.orgaId, endpointId, eventId, WEBHOOK_PING_EVENT, body],
      );
      return deliveryOf(row);
    });
    this.worker.wake();
    return delivery;
  }

  private checkedUrl(text: string): string {
    const checked = checkEndpointUrl(text, this.settings.policy);
    if (!checked.ok) throw new RpcError('validation_failed', { fields: { url: checked.reason } });
    return checked.url.toString();
  }

  /** The organization's endpoint, locked for the change; another organization's is not found. */
  private async locked(manager: EntityManager, orgaId: string, endpointId: string): Promise<void> {
    const rows = await manager.query<unknown[]>(`SELECT id FROM webhook_endpoint WHERE id = $1 AND orga_id = $2 FOR UPDATE`, [
      endpointId,
      orgaId,
    ]);
    if (rows.length === 0) throw new RpcError('not_found');
  }
}
