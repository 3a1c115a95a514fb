/** @jest-environment jsdom */
import { appointmentOf, organizationUserOf, petOf, type Language, type Organization } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler, type SentRequest } from '../testing/clients-harness';

// The pet page's appointments (R7.05): history 50 a page (R9.05), the latest one, live (R4.17);
// and its photo upload's failures in the user's language.

const PET = '44444444-4444-4444-8444-444444444444';
const GROOMER = '55555555-5555-4555-8555-555555555555';
const TREAT = '66666666-6666-4666-8666-666666666666';

const pet = petOf({ id: PET, orga_id: ORGA, store_id: STORE, customer_id: 'c1' });

/** Appointment n: a uuid ending in n, on a day going back from 2026-11-20 as n grows (newest first). */
function appointment(n: number, extra: Partial<Appointment> = {}) {
  const date = new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString().slice(0, 10);
  // 9:30 in Rome is 8:30 UTC in November: the row shows the store's 9:30
  return appointmentOf({
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
    orga_id: ORGA,
    store_id: STORE,
    user_id: GROOMER,
    date,
    hour: 9,
    min: 30,
    starts_at: `${date}T08:30:00.000Z`,
    ends_at: `${date}T09:30:00.000Z`,
    price: 4500,
    updated_at: '2026-11-01T10:00:00Z',
    ...extra,
  });
}
type Appt = ReturnType<typeof appointment>;

const listOf = (items: Appt[]) => ({
  items,
  treatments: items.map((a) => ({ appointment_id: a.id, treatment_id: TREAT, name: 'Bagno' })),
  pets: items.map((a) => ({ appointment_id: a.id, pet_id: PET })),
});

const orga = {
  users: [organizationUserOf({ id: 'member-gina', user_id: GROOMER, first_name: 'Gina', last_name: 'Tosa' })],
} as unknown as Organization;

const HISTORY = /\/pet\/[^/]+\/appointments\/([^/]+)\/([^/]+)$/;

/** The pet page over `appointments` (all of the pet's, newest first), served 50 a page after the cursor. */
function petHandler(state: { appointments: Appt[]; latestFails?: boolean; historyFails?: boolean; images?: unknown[] }): Handler {
  return (url) => {
    const history = HISTORY.exec(url.pathname);
    if (history) {
      if (state.historyFails) return { status: 500, body: { code: 'internal', message: 'Boom' } };
      const lastId = decodeURIComponent(history[2] ?? 'none');
      const from = lastId === 'none' ? 0 : state.appointments.findIndex((a) => a.id === lastId) + 1;
      return { body: listOf(state.appointments.slice(from, from + 50)) };
    }
    if (url.pathname.endsWith('/appointment/latest')) {
      if (state.latestFails) return { status: 500, body: { code: 'internal', message: 'Boom' } };
      const item = state.appointments[0] ?? null;
      return { body: item ? listOfLatest(item) : { item: null, treatments: [], pets: [] } };
    }
    if (url.pathname.endsWith(`/pet/${PET}`)) return { body: { pet, tags: [] } };
    if (url.pathname.endsWith('/customer/c1'))
      return { body: { customer: customerRow('c1', 'Ada', 'Rossi'), tags: [], external_services: [] } };
    if (url.pathname.endsWith('/images')) return { body: state.images ?? [] };
    if (url.pathname.endsWith('/tags')) return { body: [] };
    return undefined;
  };
}
function listOfLatest(item: Appt) {
  const { treatments, pets } = listOf([item]);
  return { item, treatments, pets };
}

let requests: SentRequest[] = [];
function mount(handler: Handler, language: Language = 'en') {
  const mounted = mountClients({ path: `/${ORGA}/store/${STORE}/pet/${PET}`, handler, language, orga });
  requests = mounted.requests;
  return mounted;
}
const historyReads = () => requests.filter((r) => HISTORY.test(r.url.pathname));
const latestReads = () => requests.filter((r) => r.url.pathname.endsWith('/appointment/latest')).length;

describe('pet page appointments', () => {
  it('R9.05 shows the history 50 a page, "Load more" reads after the last row until a page is short', async () => {
    const all = Array.from({ length: 53 }, (_, i) => appointment(i + 1));
    mount(petHandler({ appointments: all }));
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(50));
    const first = historyReads()[0];
    expect(first?.url.pathname.endsWith('/appointments/none/none')).toBe(true);

    fireEvent.click(screen.getByTestId('pet-appointments-more'));
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(53));
    const second = historyReads()[1];
    const fiftieth = all[49];
    expect(decodeURIComponent(second?.url.pathname ?? '')).toContain(`/appointments/${fiftieth.starts_at}/${fiftieth.id}`);
    // the short page was the last one
    expect(screen.queryByTestId('pet-appointments-more')).toBeNull();
    expect(historyReads()).toHaveLength(2);
  });

  it('a history of exactly 50 asks once more and then hides "Load more"', async () => {
    mount(petHandler({ appointments: Array.from({ length: 50 }, (_, i) => appointment(i + 1)) }));
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(50));
    fireEvent.click(screen.getByTestId('pet-appointments-more'));
    await waitFor(() => expect(screen.queryByTestId('pet-appointments-more')).toBeNull());
    expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(50);
  });

  it('shows the latest appointment and each row with the store-zone time, treatments, groomer, declined status and price', async () => {
    const declined = appointment(1, { status: 2, final_price: 3950 });
    mount(petHandler({ appointments: [declined, appointment(2)] }));
    const latest = await screen.findByTestId('pet-latest-appointment');
    expect(latest.textContent).toContain('Nov 19, 2026 09:30');
    expect(latest.textContent).toContain('Bagno');
    expect(latest.textContent).toContain('Gina Tosa');
    expect(latest.textContent).toContain('Declined');
    expect(latest.textContent).toContain('39,50');
    const rows = await screen.findAllByTestId('pet-appointment-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Declined')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Nov 18, 2026 09:30');
    expect(rows[1]?.textContent).toContain('45,00');
    expect(rows[1]?.textContent).toContain('Booked');
  });

  it('in Italian, with the latest read failing silently (spec §7): the history still shows', async () => {
    mount(petHandler({ appointments: [appointment(1, { status: 2 })], latestFails: true }), 'it');
    const rows = await screen.findAllByTestId('pet-appointment-row');
    expect(rows[0]?.textContent).toContain('19 nov 2026 09:30');
    expect(rows[0]?.textContent).toContain('Rifiutato');
    expect(screen.queryByTestId('pet-latest-appointment')).toBeNull();
    expect(screen.queryByText('Ultimo appuntamento')).toBeNull();
    expect(latestReads()).toBe(1);
  });

  it('shows the empty state, and the error state with a retry that reads again', async () => {
    const state = { appointments: [] as Appt[], historyFails: true };
    mount(petHandler(state));
    expect(await screen.findByText('The appointments could not be loaded')).toBeTruthy();
    state.historyFails = false;
    fireEvent.click(within(screen.getByTestId('pet-appointments')).getByText('Try again'));
    expect(await screen.findByText('No appointments yet')).toBeTruthy();
    expect(screen.queryByTestId('pet-latest-appointment')).toBeNull();
  });

  it('R4.17 an appointment deleted elsewhere leaves the open history and the latest is read again; one booked elsewhere appears', async () => {
    const state = { appointments: Array.from({ length: 53 }, (_, i) => appointment(i + 1)) };
    const { emit } = mount(petHandler(state));
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(50));
    fireEvent.click(screen.getByTestId('pet-appointments-more'));
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(53));
    expect((await screen.findByTestId('pet-latest-appointment')).textContent).toContain('Nov 19, 2026');
    const latestBefore = latestReads();

    const gone = state.appointments[0];
    state.appointments = state.appointments.slice(1);
    emit('appointment', 'deleted', gone.id);
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(52));
    await waitFor(() => expect(screen.getByTestId('pet-latest-appointment').textContent).toContain('Nov 18, 2026'));
    expect(latestReads()).toBe(latestBefore + 1);

    // booked elsewhere for this pet: the shown pages (52 rows, two pages) are read again
    const historyBefore = historyReads().length;
    const booked = appointment(0, { status: 1 });
    state.appointments = [booked, ...state.appointments];
    emit('appointment', 'created', booked.id);
    await waitFor(() => expect(screen.getAllByTestId('pet-appointment-row')).toHaveLength(53));
    expect(screen.getAllByTestId('pet-appointment-row')[0]?.textContent).toContain('Confirmed');
    expect(historyReads()).toHaveLength(historyBefore + 2);
    await waitFor(() => expect(screen.getByTestId('pet-latest-appointment').textContent).toContain('Nov 20, 2026'));

    // another store's event is not this page's
    const reads = historyReads().length;
    emit('appointment', 'updated', booked.id, 'other');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(historyReads()).toHaveLength(reads);
  });
});

describe('pet photo upload failures in the user language', () => {
  const original = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  /** An XMLHttpRequest whose send ends in `outcome` as the browser reports it. */
  function failingXhr(outcome: 'onerror' | 'onabort') {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = jest.fn(() => {
      const request: Record<string, unknown> = {
        open: jest.fn(),
        setRequestHeader: jest.fn(),
        abort: jest.fn(),
        upload: {},
        status: 0,
        responseText: '',
        statusText: '',
      };
      request.send = () => setTimeout(() => (request[outcome] as () => void)(), 0);
      return request;
    });
  }

  async function upload(language: Language) {
    const mounted = mount(petHandler({ appointments: [] }), language);
    expect(await screen.findByDisplayValue('Biscotto')).toBeTruthy();
    const photo = new File([new Uint8Array(10)], 'foto.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('pet-photo-upload-input'), { target: { files: [photo] } });
    return { text: (await screen.findByTestId('pet-photo-upload-error')).textContent, notify: mounted.bridge.notify as jest.Mock };
  }

  it('a lost connection in Italian', async () => {
    failingXhr('onerror');
    const { text, notify } = await upload('it');
    expect(text).toBe('Impossibile raggiungere il server. Controlla la connessione e riprova.');
    expect(notify).toHaveBeenCalledWith(0, text);
  });

  it('a cancelled upload in German', async () => {
    failingXhr('onabort');
    const { text } = await upload('de');
    expect(text).toBe('Der Upload wurde abgebrochen.');
  });

  it('a lost connection in German', async () => {
    failingXhr('onerror');
    expect((await upload('de')).text).toBe(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
  });

  it('a cancelled upload in Italian', async () => {
    failingXhr('onabort');
    expect((await upload('it')).text).toBe('Il caricamento è stato annullato.');
  });
});

describe('pet photo replace and delete', () => {
  const original = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });
  const image = (id: string, name: string) => ({
    id,
    orga_id: ORGA,
    kind: 'pet_image',
    owner_id: PET,
    file_name: name,
    mime: 'image/jpeg',
    size: 10,
    has_thumbnail: false,
    created_at: '2026-11-01T10:00:00Z',
  });
  const OLD = '77777777-7777-4777-8777-777777777777';
  const NEW = '88888888-8888-4888-8888-888888888888';

  /** An XMLHttpRequest that records what it was opened with and ends as `answer` says. */
  function xhr(answer: { status: number; body: unknown } | 'onerror') {
    const opened: string[][] = [];
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = jest.fn(() => {
      const request: Record<string, unknown> = {
        open: (method: string, target: string) => opened.push([method, target]),
        setRequestHeader: jest.fn(),
        abort: jest.fn(),
        upload: {},
        status: 0,
        responseText: '',
        statusText: '',
      };
      request.send = () =>
        setTimeout(() => {
          if (answer === 'onerror') return (request.onerror as () => void)();
          request.status = answer.status;
          request.responseText = JSON.stringify(answer.body);
          (request.onload as () => void)();
        }, 0);
      return request;
    });
    return opened;
  }

  it("R7.04 replaces a photo in place through spec §7's PUT .../pet/{pet}/image?file_id=", async () => {
    const opened = xhr({ status: 200, body: image(NEW, 'nuova.jpg') });
    const state = { appointments: [], images: [image(OLD, 'vecchia.jpg')] };
    mount(petHandler(state));
    expect(await screen.findByText('vecchia.jpg')).toBeTruthy();
    const photo = new File([new Uint8Array(10)], 'nuova.jpg', { type: 'image/jpeg' });
    state.images = [image(NEW, 'nuova.jpg')]; // what the list answers once the photo is replaced
    fireEvent.change(screen.getByTestId('pet-photo-replace-input'), { target: { files: [photo] } });
    expect(await screen.findByText('nuova.jpg')).toBeTruthy();
    expect(screen.queryByText('vecchia.jpg')).toBeNull();
    expect(screen.getAllByTestId('pet-photo')).toHaveLength(1);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.[0]).toBe('PUT');
    const put = new URL(opened[0]?.[1] ?? '', 'http://localhost');
    expect(put.pathname).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/pet/${PET}/image`);
    expect(put.searchParams.get('file_id')).toBe(OLD);
  });

  it("R7.04 deletes a photo through spec §7's DELETE .../pet/{pet}/image?file_id=", async () => {
    const state = { appointments: [], images: [image(OLD, 'vecchia.jpg'), image(NEW, 'nuova.jpg')] };
    const base = petHandler(state);
    mount((url, init) => {
      if (init.method === 'DELETE' && url.pathname.endsWith('/image') && url.searchParams.get('file_id') === OLD) {
        state.images = state.images.filter((other) => other.id !== OLD);
        return { body: { deleted: true, file_id: OLD } };
      }
      return base(url, init);
    });
    expect(await screen.findByText('vecchia.jpg')).toBeTruthy();
    fireEvent.click(within(screen.getAllByTestId('pet-photo')[0]).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('vecchia.jpg')).toBeNull());
    expect(screen.getAllByTestId('pet-photo')).toHaveLength(1);
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual([
      `/api/v1/orga/${ORGA}/store/${STORE}/pet/${PET}/image?file_id=${OLD}`,
    ]);
  });

  it('a fifth photo is refused but four may still be replaced, and a failed replace speaks Italian', async () => {
    const opened = xhr('onerror');
    const four = [1, 2, 3, 4].map((n) => image(`77777777-7777-4777-8777-00000000000${n}`, `foto${n}.jpg`));
    mount(petHandler({ appointments: [], images: four }), 'it');
    expect(await screen.findByText('foto4.jpg')).toBeTruthy();
    const photo = new File([new Uint8Array(10)], 'nuova.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('pet-photo-upload-input'), { target: { files: [photo] } });
    expect((await screen.findByTestId('pet-photo-upload-error')).textContent).toContain('Troppi file');
    expect(opened).toHaveLength(0);
    fireEvent.change(screen.getAllByTestId('pet-photo-replace-input')[2], { target: { files: [photo] } });
    expect((await screen.findByTestId('pet-photo-replace-error')).textContent).toBe(
      'Impossibile raggiungere il server. Controlla la connessione e riprova.',
    );
    expect(opened[0]?.[1]).toContain('/image?file_id=77777777-7777-4777-8777-000000000003');
    expect(screen.getByText('foto3.jpg')).toBeTruthy();
  });
});
