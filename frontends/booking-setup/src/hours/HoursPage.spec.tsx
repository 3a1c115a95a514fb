/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, FakeBookingGateway, GROOMER, mountBooking, ORGA, ruleRow, STORE } from '../testing/booking-harness';

const PATH = `${BASE}/hours`;
const RULES = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/rules`;

function gatewayWithRules() {
  const gateway = new FakeBookingGateway();
  gateway.rules = [
    ruleRow(1, { weekday: 1 }),
    ruleRow(2, { user_id: GROOMER, weekday: 2, start_hour: 10, start_time: '10:00:00', end_hour: 14, end_time: '14:00:00' }),
    ruleRow(3, {
      kind: 'closed',
      weekday: null,
      date_start: 1_798_070_400,
      date_end: 1_798_243_200,
      start_date: '2026-12-24',
      end_date: '2026-12-26',
      start_hour: 0,
      end_hour: 24,
      start_time: '00:00:00',
      end_time: '24:00:00',
    }),
  ];
  return gateway;
}

const select = (name: string, value: string) => {
  const field = document.querySelector(`select[name="${name}"]`) as HTMLSelectElement;
  fireEvent.change(field, { target: { value } });
};
const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`) as HTMLInputElement, { target: { value } });

describe('hours', () => {
  it('shows a failed load with the reason and reads again on retry', async () => {
    const gateway = gatewayWithRules();
    gateway.failures.push({ method: 'GET', path: /rules$/, status: 500, body: { code: 'internal', message: 'Errore del server.' } });
    mountBooking({ path: PATH, gateway, language: 'it' });
    expect((await screen.findByTestId('error-state')).textContent).toContain('Errore del server.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('weekly-office')).toBeTruthy();
  });

  it('shows empty states for a store without rules', async () => {
    mountBooking({ path: PATH });
    expect(await screen.findByText('No weekly hours yet')).toBeTruthy();
    expect(screen.getByText('No exceptions')).toBeTruthy();
  });

  it('R3.08 shows undated rules as the weekly plan of the office and each groomer, dated ones as exceptions with their range', async () => {
    mountBooking({ path: PATH, gateway: gatewayWithRules() });
    const office = await screen.findByTestId('weekly-office');
    expect(office.textContent).toBe('Office hoursMonday · 09:00–18:00Delete');
    expect(screen.getByTestId(`weekly-${GROOMER}`).textContent).toBe('Gino VerdiTuesday · 10:00–14:00Delete');
    const exception = screen.getByTestId('exception-rule');
    expect(exception.textContent).toContain('Dec 24, 2026 – Dec 26, 2026');
    expect(exception.textContent).toContain('Closed');
    expect(exception.textContent).toContain('Office hours · All day');
    expect(within(exception).getByRole('button').getAttribute('aria-label')).toBe(
      'Delete: Office hours · Dec 24, 2026 – Dec 26, 2026 · 00:00–24:00',
    );
  });

  it('R3.08 a store administrator adds a groomer’s weekly hours: POST …/rule with a weekday and no dates', async () => {
    const gateway = gatewayWithRules();
    const { requests } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('rule-editor');
    select('who', GROOMER);
    select('weekday', '4');
    type('start', '08:30');
    type('end', '12:00');
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(within(screen.getByTestId(`weekly-${GROOMER}`)).getAllByTestId('weekly-rule')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/rule`,
        body: {
          user_id: GROOMER,
          kind: 'open',
          weekday: 4,
          start_date: null,
          end_date: null,
          start_hour: 8,
          start_min: 30,
          end_hour: 12,
          end_min: 0,
        },
      },
    ]);
    expect(screen.getByTestId(`weekly-${GROOMER}`).textContent).toContain('Thursday · 08:30–12:00');
  });

  it('R3.08 adds a closing exception with its dates, and refuses dates the wrong way round without sending', async () => {
    const gateway = new FakeBookingGateway();
    const { requests } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('rule-editor');
    select('kind', 'exception');
    type('startDate', '2027-01-06');
    type('endDate', '2027-01-01');
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('The end must come after the start.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    type('endDate', '2027-01-06');
    fireEvent.click(screen.getByTestId('rule-save'));
    expect((await screen.findByTestId('exception-rule')).textContent).toContain('Jan 6, 2027');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      user_id: null,
      kind: 'closed',
      weekday: null,
      start_date: '2027-01-06',
      end_date: '2027-01-06',
      start_hour: 0,
      start_min: 0,
      end_hour: 24,
      end_min: 0,
    });
  });

  it('shows the server’s refusal of a new rule in the user language and keeps the form', async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({
      method: 'POST',
      path: /rule$/,
      status: 400,
      body: { code: 'invalid', message: 'Die Regel überschneidet sich.' },
    });
    mountBooking({ path: PATH, gateway, language: 'de' });
    await screen.findByTestId('rule-editor');
    fireEvent.click(screen.getByTestId('rule-save'));
    expect((await screen.findByTestId('rule-error')).textContent).toBe('Die Regel überschneidet sich.');
    expect(gateway.rules).toHaveLength(0);
  });

  it('deletes a rule after confirming: DELETE …/rule/{id}', async () => {
    const gateway = gatewayWithRules();
    const { requests } = mountBooking({ path: PATH, gateway });
    const office = await screen.findByTestId('weekly-office');
    fireEvent.click(within(office).getByRole('button', { name: 'Delete: Office hours · Monday · 09:00–18:00' }));
    expect((await screen.findByTestId('rule-delete-what')).textContent).toBe('Office hours · Monday · 09:00–18:00');
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('weekly-office')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/rule/${ruleRow(1).id}`,
    ]);
    expect(gateway.rules.map((r) => r.id)).not.toContain(ruleRow(1).id);
  });

  it('R6.02 staff who are not store administrators read the hours without the editor or delete buttons', async () => {
    mountBooking({ path: PATH, gateway: gatewayWithRules(), rank: 3 });
    await screen.findByTestId('weekly-office');
    expect(screen.queryByTestId('rule-editor')).toBeNull();
    expect(screen.queryByTestId('rule-delete')).toBeNull();
    expect(screen.getByTestId('read-only-note').textContent).toBe("Only the store's administrators can change this.");
  });

  it('R6.02 a store override of administrator lets a worker edit that store’s hours', async () => {
    mountBooking({ path: PATH, gateway: gatewayWithRules(), rank: 3, storeOverride: { [STORE]: 1 } });
    expect(await screen.findByTestId('rule-editor')).toBeTruthy();
  });

  it('R4.19 a rule created or deleted elsewhere reads the rules again', async () => {
    const gateway = gatewayWithRules();
    const { emit, requests } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('weekly-office');
    gateway.rules = gateway.rules.filter((r) => r.id !== ruleRow(1).id);
    emit({ scope: 'rule', event: 'deleted', data: ruleRow(1).id });
    await waitFor(() => expect(screen.queryByTestId('weekly-office')).toBeNull());
    gateway.rules.push(ruleRow(9, { weekday: 5 }));
    emit({ scope: 'rule', event: 'created', data: ruleRow(9).id });
    expect((await screen.findByTestId('weekly-office')).textContent).toContain('Friday');
    expect(requests.filter((r) => r.path === RULES)).toHaveLength(3);
    // another store's rules or other scopes read nothing
    emit({ scope: 'rule', event: 'created', data: ruleRow(9).id, store_id: '99999999-9999-4999-8999-999999999999' });
    emit({ scope: 'slot', event: 'deleted', data: ruleRow(9).id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((r) => r.path === RULES)).toHaveLength(3);
  });
});
