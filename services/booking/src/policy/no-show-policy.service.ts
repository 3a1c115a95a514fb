import { Injectable } from '@nestjs/common';
import { noShowPolicySavedEvent, type NoShowPolicy, type NoShowPolicyFields } from '@pawline/contracts';
import { noShowPolicyProblems } from '@pawline/domain';
import { OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

/** A store's policy until it saves one: nothing asked, a day's window, online booking never closed. */
export const DEFAULT_NO_SHOW_POLICY: NoShowPolicyFields = {
  protection: 'none',
  deposit_kind: 'fixed',
  deposit_amount: 0,
  deposit_percent: 20,
  cancellation_window_hours: 24,
  late_cancellation_fee: 0,
  no_show_fee: 0,
  card_required_for: 'risky_customers',
  close_after_no_shows: null,
  closed_message: {},
  widget_text: {},
  confirmation_text: {},
};

const FIELDS = Object.keys(DEFAULT_NO_SHOW_POLICY) as (keyof NoShowPolicyFields)[];
const COLUMNS = `${FIELDS.join(', ')}, updated_by, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/** Issue 30 a store's no-show policy (ADR 0060): read by store readers, saved whole by store administrators. */
@Injectable()
export class NoShowPolicyService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async get(scope: StoreScope): Promise<NoShowPolicy> {
    const [row] = await this.db.query<(NoShowPolicyFields & { updated_by: string | null; updated_at: string })[]>(
      `SELECT ${COLUMNS} FROM booking_no_show_policy WHERE store_id = $1 AND orga_id = $2`,
      [scope.storeId, scope.orgaId],
    );
    return {
      orga_id: scope.orgaId,
      store_id: scope.storeId,
      ...(row ?? { ...DEFAULT_NO_SHOW_POLICY, updated_by: null, updated_at: null }),
    };
  }

  /** A contradiction (a fixed deposit of nothing, a fee with no deposit or card) is refused with its fields. */
  async save(scope: StoreScope, policy: NoShowPolicyFields): Promise<NoShowPolicy> {
    const problems = noShowPolicyProblems(policy);
    if (Object.keys(problems).length > 0) throw new RpcError('validation_failed', { fields: problems });
    const values = FIELDS.map((field) => {
      const value = policy[field];
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    });
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO booking_no_show_policy (store_id, orga_id, ${FIELDS.join(', ')}, updated_by, updated_at)
         VALUES ($1, $2, ${FIELDS.map((_, i) => `$${i + 3}`).join(', ')}, $${FIELDS.length + 3}, now())
         ON CONFLICT (store_id) DO UPDATE SET ${FIELDS.map((field) => `${field} = EXCLUDED.${field}`).join(', ')},
           updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
         WHERE booking_no_show_policy.orga_id = EXCLUDED.orga_id`,
        [scope.storeId, scope.orgaId, ...values, scope.meta.actor?.userId ?? null],
      );
      await this.outbox.add(manager, noShowPolicySavedEvent, { orga_id: scope.orgaId, store_id: scope.storeId }, scope.meta);
    });
    return this.get(scope);
  }
}
