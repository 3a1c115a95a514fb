import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { bookingRuleCreatedEvent, bookingRuleDeletedEvent, type BookingRule, type BookingRuleInput } from '@pawline/contracts';
import { OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { RULE_COLUMNS, ruleProblems, ruleRowOf, toBookingRule, type BookingRuleRow } from './booking-rule-rows';

@Injectable()
export class BookingRuleService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /** R3.08 R7.06 the undated rules (zero-to-zero) first, then those whose dates meet [from, to] (all without a range). */
  async list(scope: StoreScope, from: string | null, to: string | null): Promise<BookingRule[]> {
    const rows = await this.db.query<BookingRuleRow[]>(
      `SELECT ${RULE_COLUMNS} FROM booking_rule
        WHERE orga_id = $1 AND store_id = $2
          AND (date_start = 0 OR (($3::date IS NULL OR end_date IS NULL OR end_date >= $3::date) AND ($4::date IS NULL OR start_date IS NULL OR start_date <= $4::date)))
        ORDER BY (date_start <> 0), date_start, date_end, created_at, id`,
      [scope.orgaId, scope.storeId, from, to],
    );
    return rows.map(toBookingRule);
  }

  async get(scope: StoreScope, ruleId: string): Promise<BookingRule> {
    const [row] = await this.db.query<BookingRuleRow[]>(
      `SELECT ${RULE_COLUMNS} FROM booking_rule WHERE id = $1 AND orga_id = $2 AND store_id = $3`,
      [ruleId, scope.orgaId, scope.storeId],
    );
    if (!row) throw new RpcError('not_found');
    return toBookingRule(row);
  }

  async create(scope: StoreScope, input: BookingRuleInput): Promise<BookingRule> {
    const problems = ruleProblems(input);
    if (problems) throw new RpcError('validation_failed', { fields: problems });
    const id = randomUUID();
    let created: BookingRule | undefined;
    await this.db.transaction(async (manager) => {
      if (input.user_id) {
        const [staff] = await manager.query<unknown[]>(`SELECT 1 FROM booking_staff WHERE orga_id = $1 AND user_id = $2 AND active`, [
          scope.orgaId,
          input.user_id,
        ]);
        if (!staff) throw new RpcError('unknown_reference', { fields: { user_id: 'Not a staff member of this organization' } });
      }
      const r = ruleRowOf(input);
      await manager.query(
        `INSERT INTO booking_rule (id, orga_id, store_id, user_id, kind, weekday, start_date, end_date, date_start, date_end,
           start_hour, start_min, start_sec, end_hour, end_min, end_sec)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          id,
          scope.orgaId,
          scope.storeId,
          r.user_id,
          r.kind,
          r.weekday,
          r.start_date,
          r.end_date,
          r.date_start,
          r.date_end,
          r.start_hour,
          r.start_min,
          r.start_sec,
          r.end_hour,
          r.end_min,
          r.end_sec,
        ],
      );
      // the rule itself rides along: analytics keeps staff working hours from it (R1.12 staff utilisation)
      const [row] = await manager.query<BookingRuleRow[]>(`SELECT ${RULE_COLUMNS} FROM booking_rule WHERE id = $1`, [id]);
      created = toBookingRule(row);
      await this.outbox.add(
        manager,
        bookingRuleCreatedEvent,
        { orga_id: scope.orgaId, store_id: scope.storeId, rule_id: id, rule: created },
        scope.meta,
      );
    });
    return created!;
  }

  async delete(scope: StoreScope, ruleId: string): Promise<{ id: string }> {
    return this.db.transaction(async (manager) => {
      const deleted = await manager.query<unknown[]>(
        `DELETE FROM booking_rule WHERE id = $1 AND orga_id = $2 AND store_id = $3 RETURNING id`,
        [ruleId, scope.orgaId, scope.storeId],
      );
      if ((deleted[0] as unknown[]).length === 0) throw new RpcError('not_found');
      await this.outbox.add(
        manager,
        bookingRuleDeletedEvent,
        { orga_id: scope.orgaId, store_id: scope.storeId, rule_id: ruleId },
        scope.meta,
      );
      return { id: ruleId };
    });
  }
}
