// Issue 32, the groomers' pay: a commission on what each groomer did (services) and sold (products), tips
// that are theirs whole, and the hours of the appointments they checked out. Commission is taken on the
// amounts without VAT (VAT is the State's, not the salon's revenue), after refunds, rounded half up per groomer.

/** A groomer's commission rule; shares in basis points (40 % is 4000). */
export type CommissionRule = {
  service_bp: number;
  product_bp: number;
  /** the product share is taken on the margin (net of VAT, less the units' cost), never below zero */
  product_after_cost: boolean;
};

export const NO_COMMISSION: CommissionRule = { service_bp: 0, product_bp: 0, product_after_cost: false };

/** One sold line as payroll reads it: already net of VAT and of what was refunded. */
export type PayrollLine = {
  groomer_user_id: string;
  kind: 'service' | 'product';
  /** what the line kept, without VAT */
  net_cents: number;
  /** the cost of the units kept (products; 0 when the product has no cost) */
  cost_cents: number;
  /** booked minutes (services) */
  minutes: number;
};

export type PayrollTip = { groomer_user_id: string; cents: number };

export type PayrollRow = {
  groomer_user_id: string;
  services_net_cents: number;
  products_net_cents: number;
  products_cost_cents: number;
  service_commission_cents: number;
  product_commission_cents: number;
  commission_cents: number;
  tips_cents: number;
  /** commission and tips: what the period adds to the groomer's pay */
  pay_cents: number;
  minutes: number;
};

export type PayrollTotals = Omit<PayrollRow, 'groomer_user_id'>;

/** share of an amount in basis points, half up (negative amounts are no commission). */
export function shareOf(cents: number, bp: number): number {
  if (cents <= 0 || bp <= 0) return 0;
  return Math.floor((2 * cents * bp + 10_000) / 20_000);
}

export function commissionRuleProblem(rule: CommissionRule): 'share_invalid' | null {
  const ok = (bp: number) => Number.isInteger(bp) && bp >= 0 && bp <= 10_000;
  return ok(rule.service_bp) && ok(rule.product_bp) ? null : 'share_invalid';
}

function emptyRow(groomer: string): PayrollRow {
  return {
    groomer_user_id: groomer,
    services_net_cents: 0,
    products_net_cents: 0,
    products_cost_cents: 0,
    service_commission_cents: 0,
    product_commission_cents: 0,
    commission_cents: 0,
    tips_cents: 0,
    pay_cents: 0,
    minutes: 0,
  };
}

/**
 * The payroll of a period: one row per groomer who did, sold or was tipped something, sorted by groomer id
 * for a stable report, with the rule of each (no rule: no commission, the tips still count).
 */
export function payroll(
  lines: readonly PayrollLine[],
  tips: readonly PayrollTip[],
  rules: ReadonlyMap<string, CommissionRule>,
): { rows: PayrollRow[]; totals: PayrollTotals } {
  const rows = new Map<string, PayrollRow>();
  const rowOf = (groomer: string) => {
    const found = rows.get(groomer);
    if (found) return found;
    const made = emptyRow(groomer);
    rows.set(groomer, made);
    return made;
  };
  for (const line of lines) {
    const row = rowOf(line.groomer_user_id);
    if (line.kind === 'service') {
      row.services_net_cents += line.net_cents;
      row.minutes += line.minutes;
    } else {
      row.products_net_cents += line.net_cents;
      row.products_cost_cents += line.cost_cents;
    }
  }
  for (const tip of tips) rowOf(tip.groomer_user_id).tips_cents += tip.cents;
  for (const row of rows.values()) {
    const rule = rules.get(row.groomer_user_id) ?? NO_COMMISSION;
    const productBase = rule.product_after_cost ? row.products_net_cents - row.products_cost_cents : row.products_net_cents;
    row.service_commission_cents = shareOf(row.services_net_cents, rule.service_bp);
    row.product_commission_cents = shareOf(productBase, rule.product_bp);
    row.commission_cents = row.service_commission_cents + row.product_commission_cents;
    row.pay_cents = row.commission_cents + row.tips_cents;
  }
  const sorted = [...rows.values()].sort((a, b) => a.groomer_user_id.localeCompare(b.groomer_user_id));
  const totals = emptyRow('');
  for (const row of sorted) {
    for (const key of Object.keys(totals) as (keyof PayrollRow)[]) {
      if (key !== 'groomer_user_id') totals[key] += row[key];
    }
  }
  const { groomer_user_id: _none, ...sums } = totals;
  return { rows: sorted, totals: sums };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Cents as a plain decimal for a spreadsheet (1234 → 12.34, -5 → -0.05). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The payroll as CSV: a header of the given labels, a row per groomer with their name, a totals row. */
export function payrollCsv(
  report: { rows: readonly PayrollRow[]; totals: PayrollTotals },
  nameOf: (groomerUserId: string) => string,
  labels: {
    groomer: string;
    hours: string;
    services: string;
    products: string;
    productsCost: string;
    commission: string;
    tips: string;
    pay: string;
    total: string;
  },
): string {
  const header = [
    labels.groomer,
    labels.hours,
    labels.services,
    labels.products,
    labels.productsCost,
    labels.commission,
    labels.tips,
    labels.pay,
  ];
  const cells = (name: string, row: PayrollTotals) => [
    csvField(name),
    (row.minutes / 60).toFixed(2),
    csvAmount(row.services_net_cents),
    csvAmount(row.products_net_cents),
    csvAmount(row.products_cost_cents),
    csvAmount(row.commission_cents),
    csvAmount(row.tips_cents),
    csvAmount(row.pay_cents),
  ];
  const lines = [
    header.map(csvField),
    ...report.rows.map((row) => cells(nameOf(row.groomer_user_id), row)),
    cells(labels.total, report.totals),
  ];
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}
