/** @jest-environment jsdom */
import { appointmentOf, petOf, type AnswerOf, type Language } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler, type SentRequest } from '../testing/clients-harness';

// Issue 29 the customer page that tells the story: the customer at a glance (figures of their appointments in
// this store, tags, consents, Book and Message) and their appointments ahead and past, 50 a page.

type Summary = AnswerOf<'getCustomerAppointmentSummary'>;
const FIDO = '44444444-4444-4444-8444-444444444444';
const MICIA = '55555555-5555-4555-8555-555555555555';
const OTHERS_PET = '66666666-6666-4666-8666-666666666666';
const path = `/${ORGA}/store/${STORE}/customer/c1`;
const petRow = (id: string, name: string) => ({
  ...petOf({ id, orga_id: ORGA, store_id: STORE, customer_id: 'c1', name }),
  tags: [],
  owner: { first_name: 'Giulia', last_name: 'Bianchi' },
});

/** Appointment n days from 2026-11-20 (negative: past), of Fido unless said. */
function appointment(n: number, extra: Partial<Appointment> = {}) {
  const date = new Date(Date.UTC(2026, 10, 20) + n * 86_400_000).toISOString().slice(0, 10);
  return appointmentOf({
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(1000 + n).padStart(12, '0')}`,
    orga_id: ORGA,
    store_id: STORE,
    date,
    hour: 9,
    min: 30,
    starts_at: `${date}T08:30:00.000Z`,
    price: 4500,
    ...extra,
  });
}
type Appt = ReturnType<typeof appointment>;

const SUMMARY: Summary = {
  appointments: 7,
  upcoming: 2,
  checked_out: 2,
  spend: 7500,
  average_ticket: 3750,
  last_visit: { appointment_id: 'x', date: '2026-11-01', starts_at: '2026-11-01T08:30:00.000Z' },
  declined: 1,
  no_shows: null,
  history_from: null,
};

type State = { summary?: Summary | 'fails'; upcoming: Appt[]; past: Appt[]; fon?: string | null; pets?: Appt[] };
const HISTORY = /\/customer\/c1\/appointments\/(upcoming|past)\/([^/]+)\/([^/]+)$/;

function handler(state: State): Handler {
  return (url) => {
    const history = HISTORY.exec(url.pathname);
    if (history) {
      const list = history[1] === 'upcoming' ? state.upcoming : state.past;
      const lastId = decodeURIComponent(history[3] ?? 'none');
      const from = lastId === 'none' ? 0 : list.findIndex((a) => a.id === lastId) + 1;
      const items = list.slice(from, from + 50);
      return {
        body: {
          items,
          treatments: items.map((a) => ({ appointment_id: a.id, treatment_id: a.id, name: 'Bagno' })),
          pets: items.flatMap((a, i) => [
            { appointment_id: a.id, pet_id: FIDO },
            ...(i === 0
              ? [
                  { appointment_id: a.id, pet_id: MICIA },
                  { appointment_id: a.id, pet_id: OTHERS_PET },
                ]
              : []),
          ]),
        },
      };
    }
    if (url.pathname.endsWith('/customer/c1/appointment_summary'))
      return state.summary === 'fails'
        ? { status: 503, body: { code: 'service_unavailable', message: 'Down' } }
        : { body: state.summary ?? SUMMARY };
    if (url.pathname.endsWith('/customer/c1'))
      return {
        body: {
          customer: customerRow('c1', 'Giulia', 'Bianchi', {
            fon: state.fon === undefined ? '+39 333 1234567' : state.fon,
            consent_messages: true,
            consent_reminders: true,
          }),
          tags: [{ tag_id: 't1', tag_order: 0, name: 'VIP', icon: 29, emoji: null }],
          external_services: [],
        },
      };
    if (url.pathname.endsWith('/pets')) return { body: { items: [petRow(FIDO, 'Fido'), petRow(MICIA, 'Micia')], page_size: 200 } };
    if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
    if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/external_services') || url.pathname.endsWith('/privacy_files'))
      return { body: [] };
    return undefined;
  };
}

let requests: SentRequest[] = [];
function mount(state: State, language: Language = 'en') {
  const mounted = mountClients({ path, handler: handler(state), language });
  requests = mounted.requests;
  return mounted;
}
const stat = (key: string) => screen.getByTestId(`stat-${key}`).textContent ?? '';

describe('customer page at a glance (issue 29)', () => {
  it('R1.12 shows the appointments here, spend and average ticket, last visit and declines; tags and consents', async () => {
    mount({ upcoming: [], past: [] });
    await waitFor(() => expect(stat('spend')).toContain('€75.00'));
    expect(stat('appointments')).toBe('Appointments7');
    expect(stat('upcoming')).toBe('Upcoming2');
    expect(stat('average')).toContain('€37.50');
    expect(stat('last-visit')).toContain('Nov 1, 2026');
    expect(stat('declined')).toBe('Declined1');
    // no-shows are counted once their status exists: none is shown meanwhile
    expect(screen.queryByTestId('stat-no-shows')).toBeNull();
    const glance = screen.getByTestId('customer-glance-tags');
    expect(within(glance).getByText('👑 VIP')).toBeTruthy();
    expect(screen.getByTestId('consent-messages').textContent).toBe('Messages: yes');
    expect(screen.getByTestId('consent-marketing').textContent).toBe('Marketing: no');
  });

  it('Book opens the calendar for this customer; Message its conversation; without a phone it says what is missing', async () => {
    mount({ upcoming: [], past: [] });
    const book = await screen.findByTestId('book-customer');
    expect(book.getAttribute('href')).toBe(`/${ORGA}/store/${STORE}?book_customer=c1`);
    expect(screen.getByTestId('message-customer').getAttribute('href')).toBe(`/${ORGA}/store/${STORE}/messages/customer/c1`);
    mount({ upcoming: [], past: [], fon: null });
    expect((await screen.findAllByTestId('message-needs-phone'))[0]?.textContent).toBe('Add a phone number to write to this customer.');
  });

  it('in Italian, with no-shows counted and a plan that keeps 90 days: its figures and words', async () => {
    mount(
      {
        summary: { ...SUMMARY, no_shows: 2, history_from: '2026-08-22T00:00:00.000Z', last_visit: null, average_ticket: null },
        upcoming: [],
        past: [],
      },
      'it',
    );
    await waitFor(() => expect(stat('spend')).toContain('75,00'));
    expect(stat('spend')).toContain('€');
    expect(stat('no-shows')).toBe('Non presentati2');
    expect(stat('last-visit')).toBe('Ultima visitaNessuna');
    expect(stat('average')).toBe('Scontrino medio—');
    expect(screen.getByTestId('history-since').textContent).toBe('Conteggio dal 22 ago 2026, lo storico incluso nel tuo piano.');
    expect(screen.getByTestId('book-customer').textContent).toBe('Prenota');
  });

  it('a summary that cannot be read says so with a retry, and the rest of the page works', async () => {
    const state: State = { summary: 'fails', upcoming: [], past: [] };
    mount(state);
    expect(await screen.findByText('The summary could not be loaded')).toBeTruthy();
    expect(screen.getByDisplayValue('Giulia')).toBeTruthy();
    state.summary = SUMMARY;
    fireEvent.click(within(screen.getByTestId('customer-overview')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stat('spend')).toContain('€75.00'));
  });
});

describe("customer page's appointments (issue 29)", () => {
  it('R9.05 lists those ahead soonest first and the past newest first, 50 a page, naming only this customer\u2019s pets', async () => {
    const past = Array.from({ length: 52 }, (_, i) => appointment(-(i + 1), i === 2 ? { status: 2 } : {}));
    mount({ upcoming: [appointment(3), appointment(10)], past });
    const ahead = await screen.findAllByTestId('customer-appointment-upcoming');
    expect(ahead.map((row) => row.textContent?.slice(0, 12))).toEqual(['Nov 23, 2026', 'Nov 30, 2026']);
    expect(ahead[0]?.textContent).toContain('Fido, Micia');
    expect(ahead[1]?.textContent).toContain('Fido');
    await waitFor(() => expect(screen.getAllByTestId('customer-appointment-past')).toHaveLength(50));
    const rows = screen.getAllByTestId('customer-appointment-past');
    expect(rows[0]?.textContent).toContain('Nov 19, 2026 09:30');
    expect(rows[2]?.textContent).toContain('Declined');
    expect(screen.queryByTestId('customer-appointments-upcoming-more')).toBeNull();

    fireEvent.click(screen.getByTestId('customer-appointments-past-more'));
    await waitFor(() => expect(screen.getAllByTestId('customer-appointment-past')).toHaveLength(52));
    const second = requests.filter((r) => HISTORY.test(r.url.pathname) && r.url.pathname.includes('/past/')).at(-1);
    const fiftieth = past[49];
    expect(decodeURIComponent(second?.url.pathname ?? '')).toContain(`/past/${fiftieth.starts_at}/${fiftieth.id}`);
    expect(screen.queryByTestId('customer-appointments-past-more')).toBeNull();
  });

  it('shows what is empty in each list', async () => {
    mount({ upcoming: [], past: [] });
    expect(await screen.findByText('Nothing booked ahead')).toBeTruthy();
    expect(await screen.findByText('No past appointments')).toBeTruthy();
  });

  it('R4.17 an appointment booked on another device appears and the figures are read again', async () => {
    const state: State = { upcoming: [], past: [] };
    const { emit } = mount(state);
    expect(await screen.findByText('Nothing booked ahead')).toBeTruthy();
    const summaryReads = () => requests.filter((r) => r.url.pathname.endsWith('/appointment_summary')).length;
    const before = summaryReads();
    state.upcoming = [appointment(5)];
    emit('appointment', 'created', appointment(5).id);
    expect(await screen.findByTestId('customer-appointment-upcoming')).toBeTruthy();
    await waitFor(() => expect(summaryReads()).toBe(before + 1));
  });
});
