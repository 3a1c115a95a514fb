import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  NOTIFICATION_PAGE_SIZE,
  notificationChangedEvent,
  notificationCreatedEvent,
  type Notification,
  type NotificationList,
  type NotificationType,
} from '@pawline/contracts';
import { isOrgaAdmin } from '@pawline/domain';
import { OutboxService, type OutboxMeta, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

type Runner = Pick<EntityManager, 'query'>;

type NotificationRow = {
  id: string;
  orga_id: string;
  store_id: string | null;
  notification_type: NotificationType;
  belongs_to: string;
  seen: Date | null;
  time: Date;
  title: string;
  text: string;
  params: Record<string, string>;
};

const COLUMNS = `id, orga_id, store_id, notification_type, belongs_to, seen, time, title, text, params`;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    orga_id: row.orga_id,
    store_id: row.store_id,
    notification_type: row.notification_type,
    belongs_to: row.belongs_to,
    seen: row.seen ? row.seen.toISOString() : null,
    time: row.time.toISOString(),
    title: row.title,
    text: row.text,
    params: row.params,
    local: false,
  };
}

/** What a notification says (i18n keys of the shell namespace and their values, ADR 0019). */
export type NotificationDraft = {
  orgaId: string;
  storeId: string | null;
  type: NotificationType;
  belongsTo: string;
  title: string;
  text: string;
  params: Record<string, string>;
  time: Date;
  /** the creator's idempotency key; a second create with it answers the first notification */
  dedupeKey: string;
};

// a store sees its own notifications and the organization's (store_id null: numbers no customer has)
const IN_STORE = `orga_id = $1 AND (store_id = $2 OR store_id IS NULL)`;
// billing's failed charge and a switched-off webhook are for the organization's administrators only (docs/adr/0031)
const ADMIN_ONLY = ` AND notification_type NOT IN ('PAYMENT_FAILED', 'WEBHOOK_DISABLED')`;
type Viewer = Pick<StoreScope, 'orgaId' | 'storeId'> & { member?: StoreScope['member'] };
/** The notifications this viewer may see in the store: without a member (a service) or as an administrator, all. */
const visibleTo = (scope: Viewer) => IN_STORE + (scope.member && !isOrgaAdmin(scope.member) ? ADMIN_ONLY : '');

/** spec §3 §4 notifications of a store: listed, seen and deleted by (belongs_to, type). */
@Injectable()
export class NotificationService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async list(scope: Viewer, lastTime: string | null, lastId: string | null): Promise<NotificationList> {
    const params: unknown[] = [scope.orgaId, scope.storeId];
    let after = '';
    if (lastTime) {
      params.push(lastTime, lastId ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff');
      after = ` AND (time, id) < ($3::timestamptz, $4::uuid)`;
    }
    const rows = await this.db.query<NotificationRow[]>(
      `SELECT ${COLUMNS} FROM notification WHERE ${visibleTo(scope)}${after} ORDER BY time DESC, id DESC LIMIT ${NOTIFICATION_PAGE_SIZE}`,
      params,
    );
    return { content: rows.map(toNotification), new_notifications: await this.unseen(this.db, scope) };
  }

  async markSeen(scope: StoreScope, belongsTo: string, type: NotificationType): Promise<{ changed: number; new_notifications: number }> {
    return this.db.transaction(async (manager) => {
      const changed = await manager.query<unknown>(
        `UPDATE notification SET seen = now() WHERE ${visibleTo(scope)} AND belongs_to = $3 AND notification_type = $4 AND seen IS NULL RETURNING id`,
        [scope.orgaId, scope.storeId, belongsTo, type],
      );
      const count = rowsOf<{ id: string }>(changed).length;
      if (count > 0) await this.announce(manager, scope, belongsTo, type, 'seen');
      return { changed: count, new_notifications: await this.unseen(manager, scope) };
    });
  }

  async delete(scope: StoreScope, belongsTo: string, type: NotificationType): Promise<{ deleted: number; new_notifications: number }> {
    return this.db.transaction(async (manager) => {
      const deleted = await manager.query<unknown>(
        `DELETE FROM notification WHERE ${visibleTo(scope)} AND belongs_to = $3 AND notification_type = $4 RETURNING id`,
        [scope.orgaId, scope.storeId, belongsTo, type],
      );
      const count = rowsOf<{ id: string }>(deleted).length;
      if (count > 0) await this.announce(manager, scope, belongsTo, type, 'deleted');
      return { deleted: count, new_notifications: await this.unseen(manager, scope) };
    });
  }

  /** A new notification (or, for the same dedupe key, the one made before) and its event, in the caller's transaction. */
  async create(manager: EntityManager, draft: NotificationDraft): Promise<Notification> {
    const inserted = rowsOf<NotificationRow>(
      await manager.query<unknown>(
        `INSERT INTO notification (id, orga_id, store_id, notification_type, belongs_to, seen, time, title, text, params, dedupe_key)
         VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $9, $10)
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${COLUMNS}`,
        [
          randomUUID(),
          draft.orgaId,
          draft.storeId,
          draft.type,
          draft.belongsTo,
          draft.time,
          draft.title,
          draft.text,
          draft.params,
          draft.dedupeKey,
        ],
      ),
    );
    const row = inserted[0];
    if (!row) {
      const [existing] = await manager.query<NotificationRow[]>(`SELECT ${COLUMNS} FROM notification WHERE dedupe_key = $1`, [
        draft.dedupeKey,
      ]);
      if (!existing) throw new Error(`notification ${draft.dedupeKey} vanished`);
      return toNotification(existing);
    }
    await this.published(manager, row);
    return toNotification(row);
  }

  /**
   * One customer-message notification per conversation while it is unseen: a new message raises the
   * unseen one again (time and text) instead of adding another; once seen, the next message makes a new one.
   */
  async raiseCustomerMessage(manager: EntityManager, draft: Omit<NotificationDraft, 'type' | 'dedupeKey'>): Promise<Notification> {
    // serializes two messages of one conversation arriving at once (two consumers, two events)
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notification:${draft.orgaId}:${draft.belongsTo}:CUSTOMER_MSG`]);
    const updated = rowsOf<NotificationRow>(
      await manager.query<unknown>(
        `UPDATE notification SET time = GREATEST(time, $4), title = $5, text = $6, params = $7
          WHERE orga_id = $1 AND store_id IS NOT DISTINCT FROM $2 AND belongs_to = $3 AND notification_type = 'CUSTOMER_MSG' AND seen IS NULL
          RETURNING ${COLUMNS}`,
        [draft.orgaId, draft.storeId, draft.belongsTo, draft.time, draft.title, draft.text, draft.params],
      ),
    );
    const row = updated[0];
    if (row) {
      await this.published(manager, row);
      return toNotification(row);
    }
    return this.create(manager, { ...draft, type: 'CUSTOMER_MSG', dedupeKey: `customer-msg:${randomUUID()}` });
  }

  private async unseen(manager: Runner, scope: Viewer): Promise<number> {
    const [row] = await manager.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM notification WHERE ${visibleTo(scope)} AND seen IS NULL`,
      [scope.orgaId, scope.storeId],
    );
    return Number(row?.n ?? 0);
  }

  private async published(manager: EntityManager, row: NotificationRow): Promise<void> {
    const meta: OutboxMeta = { orgaId: row.orga_id, storeId: row.store_id, actor: null };
    await this.outbox.add(
      manager,
      notificationCreatedEvent,
      { notification_id: row.id, notification_type: row.notification_type, belongs_to: row.belongs_to, store_id: row.store_id },
      meta,
    );
  }

  private async announce(manager: EntityManager, scope: StoreScope, belongsTo: string, type: NotificationType, change: 'seen' | 'deleted') {
    await this.outbox.add(
      manager,
      notificationChangedEvent,
      { notification_type: type, belongs_to: belongsTo, store_id: scope.storeId, change },
      scope.meta,
    );
  }
}

/** UPDATE/DELETE … RETURNING through TypeORM's query answers [rows, count]; INSERT answers rows. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
