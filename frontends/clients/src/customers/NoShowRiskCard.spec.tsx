/** @jest-environment jsdom */
import { organizationOf, organizationUserOf, storeOf, type AnswerOf, type Language } from '@pawline/api-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler } from '../testing/clients-harness';

// Issue 30 the customer's no-show risk on their page: the level, the reasons in the user's words, staff's deposit
// choice with who made it, and what online booking does.

type Risk = AnswerOf<'getCustomerNoShowRisk'>;
const path = `/${ORGA}/store/${STORE}/customer/c1`;
const count = (total: number, recent = total) => ({ total, recent });
const RISKY: Risk = {
  level: 'risky',
  reasons: [
    { code: 'no_shows', count: 2, months: 6 },
    { code: 'late_cancellations', count: 1, months: 6 },
  ],
  new_customer: false,
  attendance: { no_shows: count(2), late_cancellations: count(1), declines: count(0), kept: count(5, 2), kept_since_last_miss: 0 },
  cancellation_window_hours: 24,
  deposit_override: { mode: 'automatic', set_by: null, set_at: null },
  deposit_asked: true,
  no_shows: 2,
  booking_closed: false,
};

function handler(risk: () => Risk | 'fails'): Handler {
  return (url, init) => {
    if (url.pathname.endsWith('/customer/c1/no_show_risk')) {
      const answer = risk();
      return answer === 'fails' ? { status: 503, body: { code: 'service_unavailable', message: 'Down' } } : { body: answer };
    }
    if (url.pathname.endsWith('/customer/c1/deposit_override') && init.method === 'PUT') {
      const mode = (JSON.parse(init.body as string) as { mode: Risk['deposit_override']['mode'] }).mode;
      return { body: { mode, set_by: 'u1', set_at: '2026-12-07T19:30:00.000Z' } };
    }
    if (url.pathname.endsWith('/customer/c1/appointment_summary'))
      return {
        body: {
          appointments: 0,
          upcoming: 0,
          checked_out: 0,
          spend: 0,
          average_ticket: null,
          last_visit: null,
          declined: 0,
          no_shows: 0,
          history_from: null,
        },
      };
    if (/\/customer\/c1\/appointments\//.test(url.pathname)) return { body: { items: [], treatments: [], pets: [] } };
    if (url.pathname.endsWith('/customer/c1'))
      return { body: { customer: customerRow('c1', 'Giulia', 'Bianchi'), tags: [], external_services: [], no_shows: 2 } };
    if (url.pathname.endsWith('/pets')) return { body: { items: [], page_size: 200 } };
    if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
    if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/external_services') || url.pathname.endsWith('/privacy_files'))
      return { body: [] };
    return undefined;
  };
}

/** Ada (u1) with the organization's rank she is given: pets and customers are written from rank 2. */
const orga = (rank: number) =>
  organizationOf({
    id: ORGA,
    tier: 2,
    min_rank_write_pets: 2,
    stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main' })],
    users: [
      organizationUserOf({
        user_id: 'u1',
        orga_id: ORGA,
        first_name: 'Ada',
        last_name: 'Rossi',
        orga_rank: rank,
        employee_status: 1,
        active: true,
      }),
    ],
  });

function mount(risk: () => Risk | 'fails', language: Language = 'en', rank = 1) {
  return mountClients({ path, handler: handler(risk), language, orga: orga(rank) });
}

describe("the customer's no-show risk (issue 30)", () => {
  it('shows the level, each reason in words, and that a deposit is asked online', async () => {
    mount(() => RISKY);
    const card = await screen.findByTestId('no-show-risk');
    expect((await within(card).findByTestId('risk-level')).textContent).toBe('At risk of not coming');
    expect(within(card).getByTestId('risk-reasons').textContent).toBe(
      '2 no-show(s) in the last 6 months1 late cancellation(s) in the last 6 months',
    );
    expect(within(card).getByTestId('risk-outcome').textContent).toBe('A deposit or card will be asked when booking online.');
    expect(within(card).getByTestId<HTMLSelectElement>('deposit-override').value).toBe('automatic');
    expect(within(card).queryByTestId('deposit-override-by')).toBeNull();
  });

  it('in Italian: a forgiven customer, the salon closed to them', async () => {
    mount(
      () => ({
        ...RISKY,
        level: 'watch',
        reasons: [
          { code: 'no_shows', count: 3, months: null },
          { code: 'kept_since_last_miss', count: 4 },
        ],
        booking_closed: true,
        no_shows: 3,
      }),
      'it',
    );
    const card = await screen.findByTestId('no-show-risk');
    expect((await within(card).findByTestId('risk-level')).textContent).toBe("Da tenere d'occhio");
    expect(within(card).getByTestId('risk-reasons').textContent).toBe(
      "3 mancate presenze in tuttoma 4 appuntamenti rispettati dall'ultima assenza",
    );
    expect(within(card).getByTestId('risk-outcome').textContent).toBe(
      'La prenotazione online è chiusa per questo cliente (3 mancate presenze).',
    );
  });

  it('a new customer with nothing to say', async () => {
    mount(() => ({ ...RISKY, level: 'none', reasons: [], new_customer: true, deposit_asked: false }), 'de');
    const card = await screen.findByTestId('no-show-risk');
    expect(await within(card).findByText('Neukunde')).toBeTruthy();
    expect(within(card).getByTestId('risk-no-reasons')).toBeTruthy();
    expect(within(card).getByTestId('risk-outcome').textContent).toBe('Bei der Online-Buchung wird nichts verlangt.');
  });

  it('staff choose "Never ask": one PUT, then the card says who chose it', async () => {
    let current = RISKY;
    const { requests, bridge } = mount(() => current);
    const card = await screen.findByTestId('no-show-risk');
    await within(card).findByTestId('risk-level');
    current = { ...RISKY, deposit_asked: false, deposit_override: { mode: 'never', set_by: 'u1', set_at: '2026-12-07T19:30:00.000Z' } };
    fireEvent.change(within(card).getByTestId('deposit-override'), { target: { value: 'never' } });
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Deposit choice saved.'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, r.body])).toEqual([
      [`/api/v1/orga/${ORGA}/store/${STORE}/customer/c1/deposit_override`, { mode: 'never' }],
    ]);
    expect((await within(card).findByTestId('deposit-override-by')).textContent).toMatch(/^Set by Ada Rossi on /);
    expect(within(card).getByTestId<HTMLSelectElement>('deposit-override').value).toBe('never');
  });

  it('a member who may only read customers sees the choice but cannot change it', async () => {
    mount(() => RISKY, 'en', 4);
    const card = await screen.findByTestId('no-show-risk');
    await within(card).findByTestId('risk-level');
    expect(within(card).queryByTestId('deposit-override')).toBeNull();
    expect(within(card).getByTestId('deposit-override-read').textContent).toBe('Deposit or card for online bookings: Automatic');
  });

  it('says so when the risk cannot be loaded, in the user language', async () => {
    mount(() => 'fails', 'fr');
    const card = await screen.findByTestId('no-show-risk');
    expect(await within(card).findByText("Le risque d'absence n'a pas pu être chargé.")).toBeTruthy();
  });
});
