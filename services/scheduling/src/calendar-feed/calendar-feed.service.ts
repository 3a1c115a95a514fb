import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { APPOINTMENT_STATUS, memberAccessRpc } from '@pawline/contracts';
import { DataSource } from 'typeorm';
import { isAllowed, NatsRpcClient, RpcError, type StoreScope } from '@pawline/nest-kit';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from '../appointment/appointment-rows';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import { buildIcal } from './ical';

/**
 * A feed holds what calendars need: the last 60 days and the next 400, at most 1,000 events with
 * notes cut to 300 characters, so the text stays well under NATS's 1 MiB message.
 */
export const FEED_PAST_DAYS = 60;
export const FEED_FUTURE_DAYS = 400;
export const FEED_MAX_EVENTS = 1_000;
export const FEED_NOTES_MAX = 300;

export function feedPath(token: string): string {
  return `/api/v1/public/calendar/${token}.ics`;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** R1.15 secret iCal feeds per store and per staff member; the token is only ever stored hashed. */
@Injectable()
export class CalendarFeedService {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
  ) {}

  /** A new token for the store's (or the staff member's) feed; the previous one stops working. */
  async regenerate(scope: StoreScope, userId: string | null, createdBy: string): Promise<{ token: string; path: string }> {
    const token = randomUUID();
    await this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM calendar_feed WHERE store_id = $1 AND orga_id = $2 AND user_id IS NOT DISTINCT FROM $3`, [
        scope.storeId,
        scope.orgaId,
        userId,
      ]);
      await manager.query(
        `INSERT INTO calendar_feed (id, orga_id, store_id, user_id, created_by, token_hash) VALUES ($1, $2, $3, $4, $5, $6)`,
        [randomUUID(), scope.orgaId, scope.storeId, userId, createdBy, hashOf(token)],
      );
    });
    return { token, path: feedPath(token) };
  }

  async read(token: string, now: Date = new Date()): Promise<{ content_type: string; body: string }> {
    const feeds: { orga_id: string; store_id: string; user_id: string | null; created_by: string | null }[] = await this.db.query(
      `SELECT orga_id, store_id, user_id, created_by FROM calendar_feed WHERE token_hash = $1`,
      [hashOf(token)],
    );
    const feed = feeds[0];
    const storeTimeZone = feed ? await this.stillReadable(feed) : null;
    if (!feed || !storeTimeZone) throw new RpcError('not_found');
    const rows: AppointmentRow[] = await this.db.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE store_id = $1 AND ($2::uuid IS NULL OR user_id = $2)
         AND starts_at >= $3 AND starts_at < $4 ORDER BY starts_at, id LIMIT $5`,
      [
        feed.store_id,
        feed.user_id,
        new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000),
        new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000),
        FEED_MAX_EVENTS,
      ],
    );
    const events = rows.map((row) => ({
      uid: `${row.id}@pawline`,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      // the zone the appointment was booked in; the store's when a row has none
      timeZone: row.time_zone || storeTimeZone,
      allDay: row.full_day ? { start: row.local_date, end: formatLocalDate(addDays(parseLocalDate(row.local_date), 1)) } : null,
      summary: row.app_name ?? 'Appointment',
      description: row.notes ? row.notes.slice(0, FEED_NOTES_MAX) : null,
      cancelled: row.status === APPOINTMENT_STATUS.declined_by_customer,
      updatedAt: new Date(row.updated_at),
    }));
    return { content_type: 'text/calendar; charset=utf-8', body: buildIcal('Pawline', events, now) };
  }

  /**
   * A feed lives on its maker's access (and its staff member's): each must still read the store
   * (spec §6) when the feed is fetched, so deactivation, removal or a lost store stops it at once.
   * Asked of identity on every fetch: calendars poll a feed every few hours, nothing is kept.
   * Answers the store's IANA time zone while it does, null once the feed no longer serves.
   */
  private async stillReadable(feed: {
    orga_id: string;
    store_id: string;
    user_id: string | null;
    created_by: string | null;
  }): Promise<string | null> {
    if (feed.created_by === null) return null;
    const members = [...new Set([feed.created_by, feed.user_id].filter((id): id is string => id !== null))];
    const accesses = await Promise.all(
      members.map((userId) => this.rpc.call(memberAccessRpc, { user_id: userId, orga_id: feed.orga_id }, { auth: null, lang: 'en' })),
    );
    const zones = accesses.map((access) =>
      isAllowed(access, 'store_read', feed.store_id) ? access.store_time_zones[feed.store_id] : undefined,
    );
    return zones.every((zone) => !!zone) ? (zones[0] ?? null) : null;
  }
}
