import { commissionRuleProblem, csvAmount, csvField, payroll, payrollCsv, shareOf, type CommissionRule, type PayrollLine } from './payroll';

const ANNA = 'a0000000-0000-4000-8000-000000000001';
const BRUNO = 'b0000000-0000-4000-8000-000000000002';

const rules = (entries: [string, CommissionRule][]) => new Map(entries);

describe('payroll (issue 32: commission, tips and hours per groomer)', () => {
  it('takes the service share of the net service revenue, half up', () => {
    expect(shareOf(4098, 4000)).toBe(1639); // 1639.2
    expect(shareOf(4100, 3750)).toBe(1538); // 1537.5 → up
    expect(shareOf(-500, 4000)).toBe(0);
    expect(shareOf(1000, 0)).toBe(0);
  });

  it('a grooming of 50 € (22 % VAT inside: 40.98 € net) at 40 % and a shampoo of 12.20 € at 10 %, with a 5 € tip', () => {
    const lines: PayrollLine[] = [
      { groomer_user_id: ANNA, kind: 'service', net_cents: 4098, cost_cents: 0, minutes: 90 },
      { groomer_user_id: ANNA, kind: 'product', net_cents: 1000, cost_cents: 450, minutes: 0 },
    ];
    const report = payroll(
      lines,
      [{ groomer_user_id: ANNA, cents: 500 }],
      rules([[ANNA, { service_bp: 4000, product_bp: 1000, product_after_cost: false }]]),
    );
    expect(report.rows).toEqual([
      {
        groomer_user_id: ANNA,
        services_net_cents: 4098,
        products_net_cents: 1000,
        products_cost_cents: 450,
        service_commission_cents: 1639,
        product_commission_cents: 100,
        commission_cents: 1739,
        tips_cents: 500,
        pay_cents: 2239,
        minutes: 90,
      },
    ]);
  });

  it('after cost, the product share is taken on the margin, and a product sold below cost earns nothing', () => {
    const rule = { service_bp: 0, product_bp: 2000, product_after_cost: true };
    const margin = payroll(
      [{ groomer_user_id: ANNA, kind: 'product', net_cents: 1000, cost_cents: 450, minutes: 0 }],
      [],
      rules([[ANNA, rule]]),
    );
    expect(margin.rows[0]?.product_commission_cents).toBe(110);
    const loss = payroll(
      [{ groomer_user_id: ANNA, kind: 'product', net_cents: 400, cost_cents: 450, minutes: 0 }],
      [],
      rules([[ANNA, rule]]),
    );
    expect(loss.rows[0]?.product_commission_cents).toBe(0);
  });

  it('a groomer without a rule keeps the tips and the hours, no commission; totals sum the rows', () => {
    const report = payroll(
      [
        { groomer_user_id: BRUNO, kind: 'service', net_cents: 3000, cost_cents: 0, minutes: 60 },
        { groomer_user_id: ANNA, kind: 'service', net_cents: 2000, cost_cents: 0, minutes: 30 },
      ],
      [
        { groomer_user_id: BRUNO, cents: 200 },
        { groomer_user_id: BRUNO, cents: 300 },
      ],
      rules([[ANNA, { service_bp: 5000, product_bp: 0, product_after_cost: false }]]),
    );
    expect(report.rows.map((row) => [row.groomer_user_id, row.commission_cents, row.tips_cents, row.minutes])).toEqual([
      [ANNA, 1000, 0, 30],
      [BRUNO, 0, 500, 60],
    ]);
    expect(report.totals).toMatchObject({
      services_net_cents: 5000,
      commission_cents: 1000,
      tips_cents: 500,
      pay_cents: 1500,
      minutes: 90,
    });
  });

  it('refuses shares outside 0–100 % or with fractions of a basis point', () => {
    expect(commissionRuleProblem({ service_bp: 10_001, product_bp: 0, product_after_cost: false })).toBe('share_invalid');
    expect(commissionRuleProblem({ service_bp: 12.5, product_bp: 0, product_after_cost: false })).toBe('share_invalid');
    expect(commissionRuleProblem({ service_bp: 10_000, product_bp: 0, product_after_cost: true })).toBeNull();
  });

  it('writes a CSV a spreadsheet opens: quoted names, defused formulas, dot decimals, a totals row', () => {
    expect(csvField('Zampè, Anna')).toBe('"Zampè, Anna"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvAmount(1234)).toBe('12.34');
    expect(csvAmount(-5)).toBe('-0.05');
    const report = payroll(
      [{ groomer_user_id: ANNA, kind: 'service', net_cents: 4098, cost_cents: 0, minutes: 90 }],
      [{ groomer_user_id: ANNA, cents: 500 }],
      rules([[ANNA, { service_bp: 4000, product_bp: 0, product_after_cost: false }]]),
    );
    const labels = {
      groomer: 'Groomer',
      hours: 'Hours',
      services: 'Services',
      products: 'Products',
      productsCost: 'Cost',
      commission: 'Commission',
      tips: 'Tips',
      pay: 'Pay',
      total: 'Total',
    };
    expect(payrollCsv(report, () => 'Rossi, Anna', labels)).toBe(
      'Groomer,Hours,Services,Products,Cost,Commission,Tips,Pay\r\n"Rossi, Anna",1.50,40.98,0.00,0.00,16.39,5.00,21.39\r\nTotal,1.50,40.98,0.00,0.00,16.39,5.00,21.39\r\n',
    );
  });
});
