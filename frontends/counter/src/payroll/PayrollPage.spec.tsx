/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { axeViolations } from '../testing/axe';
import { BASE, GROOMER, ORGA, renderCounter, retailGateway } from '../testing/counter-harness';
import { hoursOf, todayText } from './PayrollPage';

const figures = {
  services_net_cents: 4098,
  products_net_cents: 1000,
  products_cost_cents: 450,
  service_commission_cents: 1639,
  product_commission_cents: 55,
  commission_cents: 1694,
  tips_cents: 500,
  pay_cents: 2194,
  minutes: 90,
};

describe('counter payroll page (issue 32)', () => {
  it("shows the day's payroll per groomer by name with totals, and asks again for another period", async () => {
    const { state } = retailGateway([]);
    state.payroll = { from: '2027-03-08', to: '2027-03-08', rows: [{ groomer_user_id: GROOMER, ...figures }], totals: figures };
    renderCounter(`${BASE}/payroll`, 'it');
    const row = await screen.findByTestId(`payroll-row-${GROOMER}`);
    expect(row.textContent).toMatch(/Bruno Zampè1,540,98\s€10,00\s€16,94\s€5,00\s€21,94\s€/);
    expect(screen.getByTestId('payroll-totals').textContent).toMatch(/Totale/);
    expect(state.payrollQueries[0]).toBe(`?from=${todayText('Europe/Rome')}&to=${todayText('Europe/Rome')}`);
    fireEvent.change(screen.getByTestId('payroll-from'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(state.payrollQueries.at(-1)).toBe(`?from=2026-01-01&to=${todayText('Europe/Rome')}`));
    fireEvent.change(screen.getByTestId('payroll-to'), { target: { value: '2025-12-31' } });
    expect(screen.getByText('La fine del periodo viene prima dell’inizio.')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('payroll-csv').disabled).toBe(true);
  });

  it("saves a groomer's commission rule in basis points from percentages, and refuses a share above 100", async () => {
    const { state, requests } = retailGateway([]);
    state.payroll = { from: '', to: '', rows: [], totals: figures };
    state.rules = [{ user_id: GROOMER, service_bp: 4000, product_bp: 1000, product_after_cost: false }];
    renderCounter(`${BASE}/payroll`, 'en');
    expect(await screen.findByText('Nothing in this period')).toBeTruthy();
    const service = await screen.findByTestId<HTMLInputElement>(`rule-${GROOMER}-service`);
    expect(service.value).toBe('40');
    fireEvent.change(service, { target: { value: '120' } });
    expect(screen.getByText('Please enter a share between 0 and 100.')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>(`rule-${GROOMER}-save`).disabled).toBe(true);
    fireEvent.change(service, { target: { value: '37.5' } });
    const afterCost = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Products share of Bruno Zampè after cost' });
    fireEvent.click(afterCost);
    await waitFor(() => expect(afterCost.checked).toBe(true));
    fireEvent.click(screen.getByTestId(`rule-${GROOMER}-save`));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/v1/orga/${ORGA}/retail/commission_rule/${GROOMER}`,
      body: { service_bp: 3750, product_bp: 1000, product_after_cost: true },
    });
  });

  it('tells a member who is not an administrator that the payroll is not theirs', async () => {
    const { state } = retailGateway([]);
    state.rank = 3;
    renderCounter(`${BASE}/payroll`, 'fr');
    expect((await screen.findByTestId('payroll-admin-only')).textContent).toBe(
      'Seuls les administrateurs de l’organisation voient la paie.',
    );
  });

  it('shows a failed read with its error', async () => {
    const { state } = retailGateway([]);
    state.payroll = { from: '', to: '', rows: [], totals: figures };
    state.failures = 1;
    renderCounter(`${BASE}/payroll`, 'de');
    expect((await screen.findAllByTestId('error-state'))[0]?.textContent).toContain('Errore del server.');
  });

  it("takes today in the store's time zone: past midnight in Rome is still yesterday in New York", () => {
    const instant = new Date('2026-12-07T23:34:00Z');
    expect(todayText('Europe/Rome', instant)).toBe('2026-12-08');
    expect(todayText('America/New_York', instant)).toBe('2026-12-07');
  });

  it('writes hours with the language’s decimals', () => {
    expect(hoursOf(90, 'it')).toBe('1,5');
    expect(hoursOf(100, 'en')).toBe('1.67');
  });

  it('has no axe violations with a row and the rules', async () => {
    const { state } = retailGateway([]);
    state.payroll = { from: '', to: '', rows: [{ groomer_user_id: GROOMER, ...figures }], totals: figures };
    const { container } = renderCounter(`${BASE}/payroll`, 'de');
    await screen.findByTestId(`payroll-row-${GROOMER}`);
    await screen.findByTestId(`rule-${GROOMER}-service`);
    expect(await axeViolations(container)).toEqual([]);
  });
});
