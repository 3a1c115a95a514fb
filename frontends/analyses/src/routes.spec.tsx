/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  type ApiClient,
  type FakeGatewayAnswer,
  type Language,
  type PersonUser,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AnalysesRoutes, OrgaAnalysesRoutes } from './routes';
import type { CustomerStatistics, OrgaStatistics, SalonStatistics } from './statistics/analyses-api';

const ORGA = '11111111-1111-4111-8111-111111111111';
const STORE = '55555555-5555-4555-8555-555555555555';
const TORINO = '66666666-6666-4666-8666-666666666666';
const WASH = '77777777-7777-4777-8777-777777777777';
const GIULIA = '22222222-2222-4222-8222-222222222222';

const period = { period: '7d' as const, bucket: 'day' as const, from: '2026-11-18', to: '2026-11-24', time_zone: 'Europe/Rome' };
const days = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];

function salon(appointments = 2): SalonStatistics {
  return {
    ...period,
    totals: { appointments, checked_out: 1, declined: 0, revenue_cents: 4500, average_ticket_cents: 4500 },
    series: days.map((bucket, i) => ({
      bucket,
      appointments: i === 6 ? appointments : 0,
      checked_out: i === 6 ? 1 : 0,
      revenue_cents: i === 6 ? 4500 : 0,
    })),
    weekdays: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, appointments: weekday === 2 ? appointments : 0 })),
    hours: [{ hour: 10, appointments }],
    treatments: [{ treatment_id: WASH, appointments: 1, revenue_cents: 4500 }],
    staff: [
      { user_id: GIULIA, appointments, minutes: 120, share_percent: 100, working_minutes: 2400, utilisation_percent: 5 },
      { user_id: null, appointments: 0, minutes: 0, share_percent: 0, working_minutes: null, utilisation_percent: null },
    ],
    reminders: {
      totals: { sent: 12, read: 9, confirmed: 7, declined: 2 },
      series: days.map((bucket, i) => ({
        bucket,
        sent: i === 5 ? 12 : 0,
        read: i === 5 ? 9 : 0,
        confirmed: i === 6 ? 7 : 0,
        declined: i === 6 ? 2 : 0,
      })),
    },
    campaigns: {
      totals: { campaigns: 0, customers: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 },
      series: days.map((bucket) => ({ bucket, campaigns: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 })),
    },
  };
}

function customers(): CustomerStatistics {
  return {
    ...period,
    totals: {
      customers: 2,
      new_customers: 1,
      returning_customers: 1,
      lost_customers: 3,
      visits: 4,
      visits_per_customer: 2,
      reminders_confirmed: 5,
      reminders_declined: 1,
      booked_appointments: 1,
      booking_share_percent: 25,
    },
    series: days.map((bucket) => ({
      bucket,
      customers: 0,
      new_customers: 0,
      visits: 0,
      reminders_confirmed: 0,
      reminders_declined: 0,
      booked_appointments: 0,
    })),
    lost_after_days: 180,
  };
}

type Answer = FakeGatewayAnswer | Promise<FakeGatewayAnswer>;
type Statistic = 'salon' | 'customers' | 'orga' | 'treatments';

function orgaStatistics(): OrgaStatistics {
  return {
    ...period,
    totals: { appointments: 9, checked_out: 4, revenue_cents: 20000, average_ticket_cents: 5000, customers: 6 },
    series: days.map((bucket) => ({ bucket, appointments: 1, revenue_cents: 100 })),
    stores: [
      {
        store_id: STORE,
        appointments: 9,
        checked_out: 4,
        revenue_cents: 20000,
        average_ticket_cents: 5000,
        customers: 6,
        reminders: { sent: 12, read: 9, confirmed: 7, declined: 2 },
        campaigns: { campaigns: 0, customers: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 },
      },
      {
        store_id: TORINO,
        appointments: 0,
        checked_out: 0,
        revenue_cents: 0,
        average_ticket_cents: 0,
        customers: 0,
        reminders: { sent: 3, read: 1, confirmed: 0, declined: 1 },
        campaigns: { campaigns: 0, customers: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 },
      },
    ],
    reminders: {
      totals: { sent: 15, read: 10, confirmed: 7, declined: 3 },
      series: days.map((bucket, i) => ({
        bucket,
        sent: i === 5 ? 15 : 0,
        read: i === 5 ? 10 : 0,
        confirmed: i === 6 ? 7 : 0,
        declined: i === 6 ? 3 : 0,
      })),
    },
    campaigns: salon().campaigns,
  };
}

/**
 * The statistics routes of the gateway behind fetch (libs/contracts/src/http/analytics.routes.ts): each call
 * recorded as `salon 30d day`; `over` answers a route otherwise (a failure, an answer that waits).
 */
function fakeGateway(over: Partial<Record<Statistic, () => Answer>> = {}) {
  const calls: string[] = [];
  const answers: Record<Statistic, () => Answer> = {
    salon: () => ({ body: salon() }),
    customers: () => ({ body: customers() }),
    orga: () => ({ body: orgaStatistics() }),
    treatments: () => ({
      body: [{ id: WASH, orga_id: ORGA, name: 'Wash and cut', archive: false, default_duration: 60, default_price: 0 }],
    }),
    ...over,
  };
  fakeGatewayFetch(({ path }, url) => {
    const choice = `${url.searchParams.get('period')} ${url.searchParams.get('bucket')}`;
    if (path === `/api/v1/orga/${ORGA}/treatments`) return answers.treatments();
    if (path === `/api/v1/orga/${ORGA}/analyses`) return (calls.push(`orga ${choice}`), answers.orga());
    if (path === `/api/v1/orga/${ORGA}/store/${STORE}/analyses/salon`) return (calls.push(`salon ${choice}`), answers.salon());
    if (path === `/api/v1/orga/${ORGA}/store/${STORE}/analyses/customers`) return (calls.push(`customers ${choice}`), answers.customers());
    return undefined;
  });
  return { calls };
}

function waiting<T>(): { answer: Promise<FakeGatewayAnswer>; resolve: (body: T) => void } {
  let resolve: (body: T) => void = () => undefined;
  const answer = new Promise<FakeGatewayAnswer>((done) => (resolve = (body) => done({ body })));
  return { answer, resolve };
}

function bridgeIn(language: Language): ShellBridge {
  return {
    api: { deviceId: 'dev', freshAccessToken: async () => 'tok', refresh: async () => null } as unknown as ApiClient,
    user: { id: 'u1', first_name: 'Anna', orga_id: ORGA } as PersonUser,
    language,
    appVersion: '11.4.6',
    orga: {
      id: ORGA,
      name: 'Salone Anna',
      tier: 0,
      stores: [
        { id: STORE, name: 'Milano Centro' },
        { id: TORINO, name: 'Torino' },
      ],
      users: [{ user_id: GIULIA, first_name: 'Giulia', last_name: 'Bianchi' }],
    },
  } as unknown as ShellBridge;
}

function renderStore(language: Language, path = `/${ORGA}/store/${STORE}/admin/analyses`) {
  const { Shell } = fakeShell();
  return render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:orgaId/store/:storeId/admin/analyses/*" element={<AnalysesRoutes {...bridgeIn(language)} />} />
            <Route path="/:orgaId" element={<OrgaAnalysesRoutes {...bridgeIn(language)} />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>
    </Shell>,
  );
}

describe('analyses screens', () => {
  it('R1.12 shows the salon statistics of the store: figures, appointments over time, treatments and staff by name', async () => {
    const { calls } = fakeGateway();
    renderStore('en');
    const figures = await screen.findByTestId('analyses-figures');
    expect(figures.textContent).toContain('Appointments2');
    expect(figures.textContent).toContain('€45.00');
    expect(within(screen.getByTestId('analyses-card-treatments')).getByRole('cell', { name: 'Wash and cut' })).toBeTruthy();
    expect(within(screen.getByTestId('analyses-card-staff')).getByRole('cell', { name: 'Giulia Bianchi' })).toBeTruthy();
    expect(within(screen.getByTestId('analyses-card-busiest-days')).getByRole('cell', { name: 'Tuesday' })).toBeTruthy();
    expect(calls).toContain('salon 30d day');
  });

  it('R1.12 shows staff utilisation as booked over working minutes, and says so when a member has no working hours', async () => {
    fakeGateway();
    renderStore('en');
    const card = await screen.findByTestId('analyses-card-staff');
    const giulia = within(card).getByRole('cell', { name: 'Giulia Bianchi' }).closest('tr')!;
    expect(giulia.textContent).toContain('2400');
    expect(giulia.textContent).toContain('5 %');
    const nobody = within(card).getByRole('cell', { name: 'Nobody assigned' }).closest('tr')!;
    expect(nobody.textContent).toContain('No working hours');
  });

  it("R1.12 shows WhatsApp reminders (sent, read, customers' answers) in German, campaigns without any as the empty state, and exports the reminders as CSV", async () => {
    fakeGateway();
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderStore('de');
    fireEvent.click(await screen.findByRole('tab', { name: 'Erinnerungen und Kampagnen' }));
    const reminders = await screen.findByTestId('analyses-card-whatsapp-reminders');
    const figures = screen.getAllByTestId('analyses-figures')[0];
    expect(figures.textContent).toContain('Gesendete Erinnerungen12');
    expect(reminders.querySelectorAll('.recharts-line')).toHaveLength(4);
    expect(within(screen.getByTestId('analyses-card-campaigns')).getByTestId('analyses-empty')).toBeTruthy();
    fireEvent.click(within(reminders).getByRole('button', { name: 'CSV exportieren' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    expect(text.split('\r\n')[6]).toBe('2026-11-23,12,9,0,0');
    expect(text.split('\r\n')[7]).toBe('2026-11-24,0,0,7,2');
    click.mockRestore();
  });

  it('R1.12 shows the loading state on the reminders tab until the statistics answer', async () => {
    const later = waiting<SalonStatistics>();
    fakeGateway({ salon: () => later.answer });
    renderStore('en');
    fireEvent.click(await screen.findByRole('tab', { name: 'Reminders and campaigns' }));
    expect(screen.getByTestId('loading-state').textContent).toBe('Loading the statistics…');
    later.resolve(salon());
    expect((await screen.findByTestId('analyses-card-campaigns')).textContent).toContain('Campaign results');
  });

  it('R1.12 asks again for the period and buckets picked (last 12 months, monthly)', async () => {
    const { calls } = fakeGateway();
    renderStore('en');
    await screen.findByTestId('analyses-figures');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '12m' } });
    fireEvent.change(screen.getByLabelText('Shown'), { target: { value: 'month' } });
    await screen.findByTestId('analyses-figures');
    expect(calls).toContain('salon 12m month');
    expect(calls).toContain('customers 12m month');
    // R1.12 line or bar chart
    const overTime = screen.getByTestId('analyses-card-appointments');
    expect(within(overTime).getByTestId('statistics-chart-line').querySelectorAll('.recharts-line')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Chart'), { target: { value: 'bar' } });
    expect(
      within(screen.getByTestId('analyses-card-appointments'))
        .getByTestId('statistics-chart-bar')
        .querySelectorAll('.recharts-bar-rectangle').length,
    ).toBeGreaterThan(0);
  });

  it('R1.12 shows the customer statistics in Italian', async () => {
    fakeGateway();
    renderStore('it');
    fireEvent.click(await screen.findByRole('tab', { name: 'Clienti' }));
    await screen.findByText('Nuovi clienti');
    const figures = screen.getAllByTestId('analyses-figures').find((f) => f.textContent?.includes('Nuovi clienti'))!;
    expect(figures.textContent).toContain('Nuovi clienti1');
    expect(figures.textContent).toContain('Clienti persi3');
    expect(figures.textContent).toContain('Quota di prenotazioni25 %');
    // every bucket of the customers chart is zero: the empty state, not a flat chart
    expect(within(screen.getByTestId('analyses-card-customers')).getByTestId('analyses-empty').textContent).toBe(
      'Ancora nessun dato in questo periodo.',
    );
  });

  it("R1.12 exports a chart's data as CSV", async () => {
    fakeGateway();
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderStore('en');
    await screen.findByTestId('analyses-figures');
    fireEvent.click(within(screen.getByTestId('analyses-card-treatments')).getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe('Treatment,Appointments,Revenue\r\nWash and cut,1,45.00\r\n');
    click.mockRestore();
  });

  it('R1.20 tells a plan without statistics to update it, and offers a retry after another failure', async () => {
    fakeGateway({ salon: () => ({ status: 402, body: { code: 'plan_required', message: 'Your plan does not include statistics.' } }) });
    const { unmount } = renderStore('en');
    const planless = await screen.findByTestId('error-state');
    expect(planless.textContent).toContain('update your plan');
    expect(within(planless).queryByRole('button')).toBeNull();
    unmount();
    let failures = 1;
    fakeGateway({
      salon: () => (failures-- > 0 ? { status: 500, body: { code: 'internal', message: 'An error occurred.' } } : { body: salon(3) }),
    });
    renderStore('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('analyses-figures')).textContent).toContain('Appointments3');
  });

  it('R2.02 shows the organization statistics with each store by name', async () => {
    const { calls } = fakeGateway();
    renderStore('en', `/${ORGA}`);
    const page = await screen.findByTestId('analyses-orga-page');
    expect(
      await within(await within(page).findByTestId('analyses-card-stores')).findByRole('cell', { name: 'Milano Centro' }),
    ).toBeTruthy();
    expect(within(page).getAllByTestId('analyses-figures')[0].textContent).toContain('€200.00');
    expect(calls).toEqual(['orga 30d day']);
  });

  it("R1.12 shows the organization's reminders and campaigns, together and by store, in Italian, and exports them by store as CSV", async () => {
    fakeGateway();
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderStore('it', `/${ORGA}`);
    const reminders = await screen.findByTestId('analyses-card-whatsapp-reminders');
    expect(reminders.querySelectorAll('.recharts-line')).toHaveLength(4);
    const figures = screen.getAllByTestId('analyses-figures').map((f) => f.textContent ?? '');
    expect(figures.some((text) => text.includes('Promemoria inviati15'))).toBe(true);
    // no campaign in any store: the empty state
    expect(within(screen.getByTestId('analyses-card-campaigns')).getByTestId('analyses-empty')).toBeTruthy();
    const byStore = screen.getByTestId('analyses-card-stores-messages');
    expect(byStore.textContent).toContain('Promemoria e campagne per negozio');
    expect(within(byStore).getByRole('cell', { name: 'Torino' }).closest('tr')!.textContent).toContain('3');
    fireEvent.click(within(byStore).getByRole('button', { name: 'Esporta CSV' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    const lines = text.split('\r\n');
    expect(lines[1]).toBe('Milano Centro,12,9,7,2,0,0,0,0,0,0');
    expect(lines[2]).toBe('Torino,3,1,0,1,0,0,0,0,0,0');
    click.mockRestore();
  });

  it("R1.12 shows the loading state on the organization's page until its statistics answer", async () => {
    const later = waiting<OrgaStatistics>();
    fakeGateway({ orga: () => later.answer });
    renderStore('fr', `/${ORGA}`);
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
    expect(screen.queryByTestId('analyses-card-stores-messages')).toBeNull();
    later.resolve(orgaStatistics());
    expect((await screen.findByTestId('analyses-card-stores-messages')).textContent).toContain('Rappels et campagnes par magasin');
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    fakeGateway();
    renderStore('de', `/${ORGA}/store/${STORE}/admin/analyses/nowhere`);
    expect(screen.getByTestId('error-page').textContent).toContain('404 Nicht gefunden');
  });
});
