import { Injectable } from '@nestjs/common';
import { getOrgaRpc, type RetailCommissionRule, type RetailPayrollReport, type RpcResponse, type payrollCsvRpc } from '@pawline/contracts';
import { payroll, payrollCsv, vatIncluded, type CommissionRule, type PayrollLine } from '@pawline/domain';
import { NatsRpcClient, RpcError, type OrgaScope, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { receiptLanguage, type ReceiptLanguage } from '../receipt/receipt-texts';

type LineRow = {
  groomer_user_id: string;
  kind: 'service' | 'product';
  quantity: number;
  returned_quantity: number;
  total_cents: number;
  refunded_cents: number;
  vat_rate_bp: number;
  unit_cost_cents: number | null;
  minutes: number;
};

const CSV_LABELS: Record<ReceiptLanguage, Parameters<typeof payrollCsv>[2]> = {
  en: {
    groomer: 'Groomer',
    hours: 'Hours',
    services: 'Services (net)',
    products: 'Products (net)',
    productsCost: 'Products cost',
    commission: 'Commission',
    tips: 'Tips',
    pay: 'Pay',
    total: 'Total',
  },
  it: {
    groomer: 'Toelettatore',
    hours: 'Ore',
    services: 'Servizi (imponibile)',
    products: 'Prodotti (imponibile)',
    productsCost: 'Costo prodotti',
    commission: 'Provvigione',
    tips: 'Mance',
    pay: 'Da pagare',
    total: 'Totale',
  },
  de: {
    groomer: 'Groomer',
    hours: 'Stunden',
    services: 'Leistungen (netto)',
    products: 'Produkte (netto)',
    productsCost: 'Produktkosten',
    commission: 'Provision',
    tips: 'Trinkgeld',
    pay: 'Auszahlung',
    total: 'Summe',
  },
  fr: {
    groomer: 'Toiletteur',
    hours: 'Heures',
    services: 'Prestations (HT)',
    products: 'Produits (HT)',
    productsCost: 'Coût des produits',
    commission: 'Commission',
    tips: 'Pourboires',
    pay: 'À payer',
    total: 'Total',
  },
};

/** Commission rules and the payroll of a store's period (libs/domain's payroll over the sales kept here). */
@Injectable()
export class PayrollService {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
  ) {}

  async rules(scope: OrgaScope): Promise<RetailCommissionRule[]> {
    return this.db.query<RetailCommissionRule[]>(
      `SELECT user_id, service_bp, product_bp, product_after_cost FROM commission_rule WHERE orga_id = $1 ORDER BY user_id`,
      [scope.orgaId],
    );
  }

  async setRule(scope: OrgaScope, userId: string, rule: CommissionRule, ctx: RpcCallContext): Promise<RetailCommissionRule> {
    const orga = await this.rpc.call(getOrgaRpc, { orga_id: scope.orgaId }, { auth: ctx.auth, lang: ctx.lang, member: ctx.member });
    if (!orga.users.some((user) => user.user_id === userId)) throw new RpcError('unknown_reference');
    const [row] = await this.db.query<RetailCommissionRule[]>(
      `INSERT INTO commission_rule (orga_id, user_id, service_bp, product_bp, product_after_cost) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (orga_id, user_id) DO UPDATE SET service_bp = $3, product_bp = $4, product_after_cost = $5, updated_at = now()
       RETURNING user_id, service_bp, product_bp, product_after_cost`,
      [scope.orgaId, userId, rule.service_bp, rule.product_bp, rule.product_after_cost],
    );
    if (!row) throw new Error('commission rule not written');
    return row;
  }

  /** The period is local days of the store, both included; a sale counts on the day it was made there. */
  async report(scope: StoreScope, from: string, to: string): Promise<RetailPayrollReport> {
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (!(days >= 0 && days <= 366)) throw new RpcError('validation_failed', { fields: { to: 'validation.payrollPeriod' } });
    const period = `s.orga_id = $1 AND s.store_id = $2 AND (s.created_at AT TIME ZONE $3)::date BETWEEN $4::date AND $5::date`;
    const args = [scope.orgaId, scope.storeId, scope.timeZone, from, to];
    const rows = await this.db.query<LineRow[]>(
      `SELECT l.groomer_user_id, l.kind, l.quantity, l.returned_quantity, l.total_cents, l.refunded_cents, l.vat_rate_bp, l.unit_cost_cents, l.minutes
         FROM sale_line l JOIN sale s ON s.id = l.sale_id
        WHERE ${period} AND l.groomer_user_id IS NOT NULL`,
      args,
    );
    const tips = await this.db.query<{ groomer_user_id: string; cents: number }[]>(
      `SELECT t.user_id AS groomer_user_id, t.cents FROM sale_tip t JOIN sale s ON s.id = t.sale_id WHERE ${period}`,
      args,
    );
    const lines: PayrollLine[] = rows.map((row) => {
      const kept = row.total_cents - row.refunded_cents;
      return {
        groomer_user_id: row.groomer_user_id,
        kind: row.kind,
        net_cents: kept - vatIncluded(kept, row.vat_rate_bp),
        cost_cents: (row.unit_cost_cents ?? 0) * (row.quantity - row.returned_quantity),
        minutes: row.minutes,
      };
    });
    const rules = new Map((await this.rules(scope)).map((rule) => [rule.user_id, rule]));
    return { from, to, ...payroll(lines, tips, rules) };
  }

  async csv(scope: StoreScope, from: string, to: string, lang: string, ctx: RpcCallContext): Promise<RpcResponse<typeof payrollCsvRpc>> {
    const report = await this.report(scope, from, to);
    const orga = await this.rpc.call(getOrgaRpc, { orga_id: scope.orgaId }, { auth: ctx.auth, lang: ctx.lang, member: ctx.member });
    const names = new Map(orga.users.map((user) => [user.user_id, `${user.first_name} ${user.last_name}`.trim() || user.username]));
    const text = payrollCsv(report, (id) => names.get(id) ?? id, CSV_LABELS[receiptLanguage(lang)]);
    // a byte-order mark so that spreadsheets read the accents as UTF-8
    const bytes = Buffer.from(`\uFEFF${text}`, 'utf8');
    return { file_name: `payroll-${from}-${to}.csv`, mime: 'text/csv; charset=utf-8', data_base64: bytes.toString('base64') };
  }
}
