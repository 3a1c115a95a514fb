import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CAMPAIGN_CUSTOMER_PAGE_SIZE,
  CAMPAIGN_PAGE_SIZE,
  REMINDER_STATUS,
  campaignCreatedEvent,
  campaignDeletedEvent,
  campaignQueuedEvent,
  campaignSendRequestedEvent,
  campaignSentEvent,
  campaignUpdatedEvent,
  type AudienceFilters,
  type Campaign,
  type CampaignCustomer,
  type CampaignFields,
  type CampaignResult,
  type EventContract,
} from '@pawline/contracts';
import { OutboxService, RpcError, type OutboxMeta } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { AudienceService } from '../audience/audience.service';
import { orgaWritable } from '../purge/orga-tombstone';

type CampaignRow = {
  id: string;
  orga_id: string;
  store_id: string;
  name: string;
  summary: string;
  send_at: Date | null;
  state: Campaign['state'];
  template_id: string | null;
  filters: AudienceFilters;
  time: Date;
  queued_at: Date | null;
  sent_at: Date | null;
};

const COLUMNS = 'id, orga_id, store_id, name, summary, send_at, state, template_id, filters, time, queued_at, sent_at';
/** TypeORM answers an UPDATE … RETURNING as [rows, count] on Postgres, a SELECT or INSERT as the rows. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A campaign row as the API shows it. */
export function campaignView(row: CampaignRow): Campaign {
  return {
    id: row.id,
    orga_id: row.orga_id,
    store_id: row.store_id,
    name: row.name,
    summary: row.summary,
    send_at: iso(row.send_at),
    state: row.state,
    draft: row.state === 'draft',
    template_id: row.template_id,
    filters: row.filters,
    time: new Date(row.time).toISOString(),
    queued_at: iso(row.queued_at),
    sent_at: iso(row.sent_at),
  };
}

/** Messages of one campaign handed to messaging in events of at most this many customers. */
export const SEND_BATCH = 500;

/**
 * Campaigns (spec §1, §3, §4): drafts, the queue and the send. Every change writes its event through the
 * outbox in the same transaction (R4.20: the gateway pushes them to the browsers).
 */
@Injectable()
export class CampaignService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly audience: AudienceService,
  ) {}

  /** R7.08 newest change first, 50 a page after (last time, last id). */
  async list(orgaId: string, storeId: string | null, lastTime: string | null, lastId: string | null) {
    const params: unknown[] = [orgaId];
    const where = ['orga_id = $1'];
    if (storeId) {
      params.push(storeId);
      where.push(`store_id = $${params.length}`);
    }
    if (lastTime) {
      params.push(lastTime, lastId ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff');
      where.push(`(time, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(CAMPAIGN_PAGE_SIZE);
    const rows = await this.db.query<CampaignRow[]>(
      `SELECT ${COLUMNS} FROM campaign WHERE ${where.join(' AND ')} ORDER BY time DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const settings = rows.map(campaignView);
    const results = await this.results(settings.map((campaign) => campaign.id));
    return {
      v: {
        settings,
        results: settings.map((campaign) => results.get(campaign.id) ?? emptyResult(campaign.id)),
        tags: settings.flatMap((campaign) => campaign.filters.excluded_tag_ids.map((tag_id) => ({ campaign_id: campaign.id, tag_id }))),
        cities: settings.flatMap((campaign) => campaign.filters.cities.map((city) => ({ campaign_id: campaign.id, city }))),
      },
    };
  }

  /** The campaign of the organization, or not_found (another organization's looks absent). */
  async find(orgaId: string, campaignId: string, m: EntityManager = this.db.manager, lock = false): Promise<Campaign> {
    const [row] = await m.query<CampaignRow[]>(
      `SELECT ${COLUMNS} FROM campaign WHERE id = $1 AND orga_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [campaignId, orgaId],
    );
    if (!row) throw new RpcError('not_found');
    return campaignView(row);
  }

  async detail(campaign: Campaign) {
    const results = await this.results([campaign.id]);
    return {
      v: {
        setting: campaign,
        result: results.get(campaign.id) ?? emptyResult(campaign.id),
        tags: campaign.filters.excluded_tag_ids,
        cities: campaign.filters.cities,
      },
    };
  }

  /** R3.11 R7.08 the campaign's customers, 200 a page by customer id. */
  async customers(campaignId: string, lastId: string | null): Promise<{ v: CampaignCustomer[] }> {
    const rows = await this.db.query<CampaignCustomer[]>(
      `SELECT customer_id, first_name, last_name, actual_message_status, opener_messages_confirmed FROM campaign_customer
        WHERE campaign_id = $1 AND ($2::uuid IS NULL OR customer_id > $2::uuid) ORDER BY customer_id LIMIT $3`,
      [campaignId, lastId, CAMPAIGN_CUSTOMER_PAGE_SIZE],
    );
    return { v: rows };
  }

  /** R1.17 not in a purged organization: a create that passed its access check as the organization was cancelled. */
  async create(orgaId: string, storeId: string, fields: CampaignFields, meta: OutboxMeta): Promise<Campaign> {
    return this.db.transaction(async (m) => {
      if (!(await orgaWritable(m, orgaId))) throw new RpcError('not_found');
      const id = randomUUID();
      const [row] = await m.query<CampaignRow[]>(
        `INSERT INTO campaign (id, orga_id, store_id, name, summary, send_at, template_id, filters)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [id, orgaId, storeId, fields.name, fields.summary, fields.send_at, fields.template_id, JSON.stringify(fields.filters)],
      );
      await this.event(m, campaignCreatedEvent, orgaId, storeId, id, meta);
      return campaignView(row);
    });
  }

  /** Only a draft changes (R4.13: a queued or sent campaign is on its way). */
  async update(orgaId: string, storeId: string, campaignId: string, fields: CampaignFields, meta: OutboxMeta): Promise<Campaign> {
    return this.db.transaction(async (m) => {
      const campaign = await this.inStore(m, orgaId, storeId, campaignId);
      if (campaign.state !== 'draft') throw new RpcError('conflict');
      const [row] = rowsOf<CampaignRow>(
        await m.query(
          `UPDATE campaign SET name = $2, summary = $3, send_at = $4, template_id = $5, filters = $6, time = clock_timestamp()
          WHERE id = $1 RETURNING ${COLUMNS}`,
          [campaignId, fields.name, fields.summary, fields.send_at, fields.template_id, JSON.stringify(fields.filters)],
        ),
      );
      await this.event(m, campaignUpdatedEvent, orgaId, storeId, campaignId, meta);
      return campaignView(row);
    });
  }

  async delete(orgaId: string, storeId: string, campaignId: string, meta: OutboxMeta): Promise<{ campaign_id: string }> {
    return this.db.transaction(async (m) => {
      await this.inStore(m, orgaId, storeId, campaignId);
      await m.query(`DELETE FROM campaign_customer WHERE campaign_id = $1`, [campaignId]);
      await m.query(`DELETE FROM campaign WHERE id = $1`, [campaignId]);
      await this.event(m, campaignDeletedEvent, orgaId, storeId, campaignId, meta);
      return { campaign_id: campaignId };
    });
  }

  /** R4.13 Draft → queued ('Message added to queue'). */
  async queue(orgaId: string, storeId: string, campaignId: string, meta: OutboxMeta): Promise<Campaign> {
    return this.db.transaction(async (m) => {
      const campaign = await this.inStore(m, orgaId, storeId, campaignId);
      if (campaign.state !== 'draft') throw new RpcError('conflict');
      const [row] = rowsOf<CampaignRow>(
        await m.query(
          `UPDATE campaign SET state = 'queued', queued_at = clock_timestamp(), time = clock_timestamp() WHERE id = $1 RETURNING ${COLUMNS}`,
          [campaignId],
        ),
      );
      await this.event(m, campaignQueuedEvent, orgaId, storeId, campaignId, meta);
      return campaignView(row);
    });
  }

  /**
   * R4.13 sends one queued campaign whose date has come, if any: its audience is fixed as campaign customers
   * and handed to messaging's work queue (campaign-send requested events), and it becomes sent, all in one
   * transaction. The row lock with SKIP LOCKED lets two schedulers (two instances) run at once: each campaign
   * is taken by one of them, and once sent no tick selects it again. Answers the campaign sent, or null.
   */
  async sendOneDue(now: Date): Promise<string | null> {
    return this.db.transaction(async (m) => {
      const [row] = await m.query<CampaignRow[]>(
        `SELECT ${COLUMNS} FROM campaign WHERE state = 'queued' AND COALESCE(send_at, queued_at) <= $1
          ORDER BY COALESCE(send_at, queued_at), id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      );
      if (!row) return null;
      const members = await this.audience.members(m, row.orga_id, row.store_id, row.filters, now);
      const meta: OutboxMeta = { orgaId: row.orga_id, storeId: row.store_id, actor: null };
      for (let start = 0; start < members.length; start += SEND_BATCH) {
        const batch = members.slice(start, start + SEND_BATCH);
        await m.query(
          `INSERT INTO campaign_customer (campaign_id, customer_id, orga_id, first_name, last_name)
           SELECT $1, u.id, $2, u.first_name, u.last_name FROM unnest($3::uuid[], $4::text[], $5::text[]) AS u(id, first_name, last_name)
           ON CONFLICT DO NOTHING`,
          [row.id, row.orga_id, batch.map((b) => b.id), batch.map((b) => b.first_name), batch.map((b) => b.last_name)],
        );
        await this.outbox.add(
          m,
          campaignSendRequestedEvent,
          {
            orga_id: row.orga_id,
            store_id: row.store_id,
            campaign_id: row.id,
            template_id: row.template_id,
            customer_ids: batch.map((b) => b.id),
          },
          meta,
        );
      }
      await m.query(`UPDATE campaign SET state = 'sent', sent_at = $2, time = clock_timestamp() WHERE id = $1`, [
        row.id,
        now.toISOString(),
      ]);
      await this.outbox.add(
        m,
        campaignSentEvent,
        { orga_id: row.orga_id, store_id: row.store_id, campaign_id: row.id, customers: members.length },
        meta,
      );
      return row.id;
    });
  }

  /** R3.11 a message status from messaging onto the campaign customer: forward only; 'read' answered confirms. */
  async applyStatus(
    m: EntityManager,
    change: { campaign_id: string; customer_id: string; outbound_id: string | null; status: number; confirmed?: boolean },
  ): Promise<{ orgaId: string; storeId: string } | null> {
    const rows = rowsOf<{ orga_id: string }>(
      await m.query(
        `UPDATE campaign_customer SET outbound_id = COALESCE($3, outbound_id),
         actual_message_status = CASE WHEN actual_message_status IS NULL OR $4 > actual_message_status THEN $4 ELSE actual_message_status END,
         opener_messages_confirmed = opener_messages_confirmed OR $5
       WHERE campaign_id = $1 AND customer_id = $2 RETURNING orga_id`,
        [change.campaign_id, change.customer_id, change.outbound_id, change.status, change.confirmed === true],
      ),
    );
    if (rows.length === 0) return null;
    const [campaign] = await m.query<{ orga_id: string; store_id: string }[]>(`SELECT orga_id, store_id FROM campaign WHERE id = $1`, [
      change.campaign_id,
    ]);
    return campaign ? { orgaId: campaign.orga_id, storeId: campaign.store_id } : null;
  }

  async touched(m: EntityManager, orgaId: string, storeId: string, campaignId: string): Promise<void> {
    await this.event(m, campaignUpdatedEvent, orgaId, storeId, campaignId, { orgaId, storeId, actor: null });
  }

  private async inStore(m: EntityManager, orgaId: string, storeId: string, campaignId: string): Promise<Campaign> {
    const campaign = await this.find(orgaId, campaignId, m, true);
    if (campaign.store_id !== storeId) throw new RpcError('not_found');
    return campaign;
  }

  private async event(
    m: EntityManager,
    contract: EventContract,
    orgaId: string,
    storeId: string,
    campaignId: string,
    meta: OutboxMeta,
  ): Promise<void> {
    await this.outbox.add(m, contract, { orga_id: orgaId, store_id: storeId, campaign_id: campaignId }, { ...meta, storeId });
  }

  private async results(ids: string[]): Promise<Map<string, CampaignResult>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<CampaignResult[]>(
      `SELECT campaign_id, count(*)::int AS customers,
              count(*) FILTER (WHERE actual_message_status IN (${REMINDER_STATUS.sent}, ${REMINDER_STATUS.delivered}, ${REMINDER_STATUS.read}, ${REMINDER_STATUS.opened}))::int AS sent,
              count(*) FILTER (WHERE actual_message_status IN (${REMINDER_STATUS.delivered}, ${REMINDER_STATUS.read}, ${REMINDER_STATUS.opened}))::int AS delivered,
              count(*) FILTER (WHERE actual_message_status IN (${REMINDER_STATUS.read}, ${REMINDER_STATUS.opened}))::int AS read,
              count(*) FILTER (WHERE actual_message_status IN (${REMINDER_STATUS.failed}, ${REMINDER_STATUS.undelivered}))::int AS failed,
              count(*) FILTER (WHERE opener_messages_confirmed)::int AS confirmed
         FROM campaign_customer WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.campaign_id, row]));
  }
}

function emptyResult(campaignId: string): CampaignResult {
  return { campaign_id: campaignId, customers: 0, sent: 0, delivered: 0, read: 0, failed: 0, confirmed: 0 };
}
