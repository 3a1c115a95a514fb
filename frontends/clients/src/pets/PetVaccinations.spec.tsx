/** @jest-environment jsdom */
import { organizationUserOf, petOf, type Language, type Organization } from '@pawline/api-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler, type SentRequest } from '../testing/clients-harness';

// Issue 31 the pet page's vaccinations: the store's requirement read by the domain rule, staff checking the
// dates beside the proof, a new vaccination added with its proof, and the loading, empty and error states.

const PET = '44444444-4444-4444-8444-444444444444';
const RABIES = '99999999-9999-4999-8999-999999999991';
const COUGH = '99999999-9999-4999-8999-999999999992';
const NEW = '99999999-9999-4999-8999-999999999993';
const GINA = '55555555-5555-4555-8555-555555555555';

const pet = petOf({ id: PET, orga_id: ORGA, store_id: STORE, customer_id: 'c1', pet_type: 1, name: 'Fido' });
const orga = {
  users: [organizationUserOf({ id: 'member-gina', user_id: GINA, first_name: 'Gina', last_name: 'Tosa' })],
} as unknown as Organization;

const proofFile = (owner: string, mime = 'image/png') => ({
  id: `f${owner.slice(1)}`,
  orga_id: ORGA,
  kind: 'vaccination_proof',
  owner_id: owner,
  file_name: 'libretto.png',
  mime,
  size: 10,
  has_thumbnail: true,
  created_at: '2026-11-01T10:00:00Z',
});

function vaccination(id: string, vaccine: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    pet_id: PET,
    vaccine,
    given_on: '2026-03-01',
    valid_until: '2099-03-01',
    proof: proofFile(id) as ReturnType<typeof proofFile> | null,
    verified_by: null as string | null,
    verified_at: null as string | null,
    created_by: GINA,
    created_at: '2026-11-01T10:00:00Z',
    ...extra,
  };
}

type State = { vaccinations: ReturnType<typeof vaccination>[]; listFails?: boolean; requirements?: unknown[] };

function handler(state: State): Handler {
  return (url, init) => {
    const path = url.pathname;
    const method = init.method ?? 'GET';
    if (path.endsWith(`/pet/${PET}/vaccinations`)) {
      if (state.listFails) return { status: 500, body: { code: 'internal', message: 'Boom' } };
      return { body: { items: state.vaccinations } };
    }
    if (path.endsWith('/care_settings'))
      return { body: { store_id: STORE, requirements: state.requirements ?? [], expiring_days: 30, booking_mode: 'refuse' } };
    if (path.endsWith('/verify') && method === 'POST') {
      const body = JSON.parse(init.body as string) as { given_on: string; valid_until: string };
      state.vaccinations = state.vaccinations.map((v) =>
        v.id === RABIES ? { ...v, ...body, verified_by: GINA, verified_at: '2026-12-07T10:00:00.000Z' } : v,
      );
      return { body: state.vaccinations[0] };
    }
    if (path.endsWith('/proof') && method === 'GET') return { body: 'PNG' };
    if (path.endsWith(`/pet/${PET}/vaccination`) && method === 'POST') {
      const body = JSON.parse(init.body as string) as { vaccine: string; given_on: string; valid_until: string };
      const created = vaccination(NEW, body.vaccine, { ...body, proof: null });
      state.vaccinations = [created, ...state.vaccinations];
      return { status: 201, body: created };
    }
    if (path.endsWith(`/pet/${PET}`)) return { body: { pet, tags: [] } };
    if (path.endsWith('/customer/c1')) return { body: { customer: customerRow('c1', 'Ada', 'Rossi'), tags: [], external_services: [] } };
    if (path.endsWith('/images')) return { body: [] };
    if (path.endsWith('/tags')) return { body: [] };
    if (path.includes('/appointment')) return { body: { items: [], treatments: [], pets: [], item: null } };
    return undefined;
  };
}

let requests: SentRequest[] = [];
function mount(state: State, language: Language = 'en') {
  const mounted = mountClients({ path: `/${ORGA}/store/${STORE}/pet/${PET}`, handler: handler(state), language, orga });
  requests = mounted.requests;
  return mounted;
}

describe('issue 31 a pet vaccinations on its page', () => {
  const originalXhr = globalThis.XMLHttpRequest;
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:proof');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = originalXhr;
  });

  it('shows each vaccination, who verified it, and the store requirement: rabies up to date, kennel cough missing', async () => {
    mount({
      vaccinations: [
        vaccination(RABIES, 'rabies', { verified_by: GINA, verified_at: '2026-11-02T09:00:00.000Z' }),
        vaccination(COUGH, 'kennel_cough'),
      ],
      requirements: [
        { pet_type: 0, vaccine: 'rabies', treatment_ids: [] },
        { pet_type: 0, vaccine: 'kennel_cough', treatment_ids: [] },
      ],
    });
    const rows = await screen.findAllByTestId('vaccination');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('vaccination-verified').textContent).toBe('Verified by Gina Tosa on 2026-11-02');
    expect(within(rows[1]).getByTestId('vaccination-unverified').textContent).toBe('Not verified yet');
    // an unverified record does not count: kennel cough is still missing
    const requirement = await screen.findByTestId('vaccination-requirement');
    expect(within(requirement).getByTestId('requirement-ok').textContent).toBe('Rabies: up to date');
    expect(within(requirement).getByTestId('requirement-missing').textContent).toBe('Kennel cough: missing');
  });

  it('verifies beside the proof image with the dates staff read on it', async () => {
    const state: State = { vaccinations: [vaccination(RABIES, 'rabies')] };
    mount(state);
    fireEvent.click(await screen.findByTestId('vaccination-check'));
    const panel = await screen.findByTestId('vaccination-verify');
    expect((await within(panel).findByTestId<HTMLImageElement>('vaccination-proof-image')).alt).toBe('Proof of the Rabies vaccination');
    fireEvent.change(within(panel).getByLabelText(/Valid until/), { target: { value: '2028-03-01' } });
    fireEvent.click(within(panel).getByTestId('vaccination-confirm'));
    await waitFor(() => expect(screen.getByTestId('vaccination-verified').textContent).toBe('Verified by Gina Tosa on 2026-12-07'));
    const verify = requests.find((r) => r.url.pathname.endsWith(`/vaccination/${RABIES}/verify`));
    expect(verify?.body).toEqual({ given_on: '2026-03-01', valid_until: '2028-03-01' });
  });

  it('refuses an end before the start beside the field, in Italian, and sends nothing', async () => {
    mount({ vaccinations: [vaccination(RABIES, 'rabies')] }, 'it');
    fireEvent.click(await screen.findByTestId('vaccination-check'));
    const panel = await screen.findByTestId('vaccination-verify');
    fireEvent.change(within(panel).getByLabelText(/Valido fino al/), { target: { value: '2026-01-01' } });
    expect(within(panel).getByText('La fine della validità non può precedere il giorno della vaccinazione.')).toBeTruthy();
    expect(within(panel).getByTestId<HTMLButtonElement>('vaccination-confirm').disabled).toBe(true);
  });

  it('adds a vaccination of another vaccine by name with its proof photo', async () => {
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
          request.status = 200;
          request.responseText = JSON.stringify(proofFile(NEW));
          (request.onload as () => void)();
        }, 0);
      return request;
    });
    const mounted = mount({ vaccinations: [] }, 'de');
    expect(await screen.findByText('Noch keine Impfungen erfasst')).toBeTruthy();
    fireEvent.click(screen.getByTestId('vaccination-add'));
    fireEvent.click(screen.getByTestId('vaccination-save'));
    expect(await screen.findAllByText('Pflichtfeld')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('vaccination-vaccine'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/Name der Impfung/), { target: { value: 'Borreliose' } });
    fireEvent.change(screen.getByTestId('vaccination-given'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByTestId('vaccination-until'), { target: { value: '2027-10-01' } });
    const pdf = new File([new Uint8Array(20)], 'tierarzt.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('vaccination-proof-input'), { target: { files: [pdf] } });
    fireEvent.click(screen.getByTestId('vaccination-save'));
    await waitFor(() => expect(opened).toHaveLength(1));
    const created = requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith(`/pet/${PET}/vaccination`));
    expect(created?.body).toEqual({ vaccine: 'other:Borreliose', given_on: '2026-10-01', valid_until: '2027-10-01' });
    expect(opened[0]?.[0]).toBe('PUT');
    expect(new URL(opened[0]?.[1] ?? '', 'http://localhost').pathname).toBe(
      `/api/v1/orga/${ORGA}/store/${STORE}/pet/${PET}/vaccination/${NEW}/proof`,
    );
    await waitFor(() => expect(mounted.bridge.notify).toHaveBeenCalledWith(expect.anything(), 'Impfung gespeichert'));
    expect(await screen.findByText('Borreliose')).toBeTruthy();
  });

  it('shows the error state with a retry, in French', async () => {
    const state: State = { vaccinations: [], listFails: true };
    mount(state, 'fr');
    const retry = await screen.findByRole('button', { name: /Réessayer/ });
    state.listFails = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Aucune vaccination enregistrée')).toBeTruthy();
  });
});
