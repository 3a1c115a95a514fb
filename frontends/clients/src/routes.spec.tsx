/** @jest-environment jsdom */
import { organizationOf, organizationUserOf, petOf, storeOf } from '@pawline/api-client';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsPageOf } from './routes';
import { customerRow, mountClients, ORGA, personUser, STORE, type Handler, type SentRequest } from './testing/clients-harness';

const customer = (n: number, extra: Record<string, unknown> = {}) =>
  customerRow(`c${String(n).padStart(3, '0')}`, `Nome${n}`, `Cognome${n}`, extra);

let requests: SentRequest[] = [];

function mount(path: string, handler: Handler, language: 'en' | 'it' = 'en') {
  const mounted = mountClients({
    path,
    handler,
    language,
    user: personUser('it'),
    routePaths: ['/:orgaId/store/:storeId/*', '/:orgaId/pet'],
  });
  requests = mounted.requests;
  return { bridge: mounted.bridge, router: mounted.router };
}

const listCalls = () => requests.filter((r) => r.url.pathname.endsWith('/customers'));

describe('clients remote', () => {
  it('matches its five routes on the whole path', () => {
    expect(clientsPageOf(`/${ORGA}/pet`)).toEqual({ page: 'pets', orgaId: ORGA, storeId: null });
    expect(clientsPageOf(`/${ORGA}/store/${STORE}/pet/`)).toEqual({ page: 'pets', orgaId: ORGA, storeId: STORE });
    expect(clientsPageOf(`/${ORGA}/store/${STORE}/pet/p1`)).toMatchObject({ page: 'pet', petId: 'p1' });
    expect(clientsPageOf(`/${ORGA}/store/${STORE}/customer/c1`)).toMatchObject({ page: 'customer', customerId: 'c1' });
    expect(clientsPageOf(`/${ORGA}/store/${STORE}/customers`)).toMatchObject({ page: 'customers', storeId: STORE });
    expect(clientsPageOf(`/${ORGA}/store/${STORE}/nothing`)).toEqual({ page: 'none' });
  });

  it('R4.22 R7.07 lists customers, searches on the server, sorts, filters by tag and pages by last id', async () => {
    const tag = { id: 't1', orga_id: ORGA, kind: 'customer', name: 'VIP', icon: 29, emoji: null, tag_order: 0 };
    mount(`/${ORGA}/store/${STORE}/customers`, (url) => {
      if (url.pathname.endsWith('/tags')) return { body: [tag] };
      if (!url.pathname.endsWith('/customers')) return undefined;
      const last = url.searchParams.get('last_id');
      const count = last ? 3 : 50; // a short second page ends the list
      const offset = last ? 50 : 0;
      return { body: { items: Array.from({ length: count }, (_, i) => customer(offset + i + 1, { pet_names: ['Fido'] })), page_size: 50 } };
    });
    expect(await screen.findByText('Nome1 Cognome1')).toBeTruthy();
    expect(screen.getAllByTestId('customer-row')).toHaveLength(50);
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(53));
    expect(listCalls()[1]?.url.searchParams.get('last_id')).toBe('c050');
    expect(screen.queryByTestId('load-more')).toBeNull();

    fireEvent.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('sort')).toBe('name_desc'));
    await waitFor(() => expect(screen.getByTestId('sort-name').closest('th')?.getAttribute('aria-sort')).toBe('descending'));
    expect(screen.queryByTestId('sort-email')).toBeNull(); // only name and created sort on the server

    fireEvent.click(screen.getByRole('button', { name: '👑 VIP' }));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('tag_ids')).toBe('t1'));

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Fido' } });
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('q')).toBe('Fido'));
  });

  it('shows the empty state and, on failure, the error state with retry', async () => {
    let fail = true;
    mount(`/${ORGA}/store/${STORE}/customers`, (url) => {
      if (url.pathname.endsWith('/tags')) return { body: [] };
      if (fail) return { status: 503, body: { code: 'service_unavailable', message: 'Servizio non disponibile' } };
      return { body: { items: [], page_size: 50 } };
    });
    expect(await screen.findByText('Servizio non disponibile')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(screen.getByText('No customers yet')).toBeTruthy();
  });

  it('R6.05 offers a new customer only to a user with pet write access, since the customer page is guarded by it', async () => {
    const orgaWith = (orga_rank: number) =>
      organizationOf({
        id: ORGA,
        min_rank_write_pets: 2,
        stores: [storeOf({ id: STORE, name: 'Centro' })],
        users: [organizationUserOf({ id: 'm1', user_id: 'u1', orga_rank, store_override: {}, employee_status: 1 })],
      });
    const handler: Handler = (url) => (url.pathname.endsWith('/tags') ? { body: [] } : { body: { items: [], page_size: 50 } });
    mountClients({ path: `/${ORGA}/store/${STORE}/customers`, handler, user: personUser('en'), orga: orgaWith(3) });
    expect(await screen.findByText('No customers yet')).toBeTruthy();
    expect(screen.queryByTestId('new-customer')).toBeNull();
    cleanup();
    mountClients({ path: `/${ORGA}/store/${STORE}/customers`, handler, user: personUser('en'), orga: orgaWith(2) });
    expect(await screen.findByTestId('new-customer')).toBeTruthy();
  });

  it("R4.22 lists the store's pets in a table without sorting, each with its owner by name, and pages by last id", async () => {
    const pet = (n: number) => ({
      ...petOf({ id: `p${String(n).padStart(3, '0')}`, orga_id: ORGA, store_id: STORE, customer_id: 'c001', name: `Pet${n}`, pet_type: 0 }),
      tags: [],
      owner: { first_name: 'Giulia', last_name: n === 1 ? 'Bianchi' : 'Rossi' },
    });
    mount(`/${ORGA}/store/${STORE}/pet`, (url) => {
      if (!url.pathname.endsWith('/pets')) return undefined;
      const count = url.searchParams.get('last_id') ? 2 : 50;
      const offset = url.searchParams.get('last_id') ? 50 : 0;
      return { body: { items: Array.from({ length: count }, (_, i) => pet(offset + i + 1)), page_size: 50 } };
    });
    expect(await screen.findByText('Pet1')).toBeTruthy();
    expect(screen.getAllByTestId('pet-row')).toHaveLength(50);
    // issue 29: the owner named, a link to the customer
    const owner = screen.getAllByTestId('pet-owner-link')[0];
    expect(owner?.textContent).toBe('Giulia Bianchi');
    expect(owner?.getAttribute('href')).toBe(`/${ORGA}/store/${STORE}/customer/c001`);
    expect(screen.queryByText('Open owner')).toBeNull();
    expect(screen.queryByTestId('sort-name')).toBeNull();
    expect(screen.getAllByRole('columnheader').some((header) => header.hasAttribute('aria-sort'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('pet-row')).toHaveLength(52));
    expect(
      requests
        .filter((r) => r.url.pathname.endsWith('/pets'))
        .at(-1)
        ?.url.searchParams.get('last_id'),
    ).toBe('p050');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('deletes a customer only after the confirmation and goes back to the list', async () => {
    const { bridge, router } = mount(`/${ORGA}/store/${STORE}/customer/c001`, (url, init) => {
      if (url.pathname.endsWith('/customer/c001') && init.method === 'DELETE') return { status: 204, body: null };
      if (url.pathname.endsWith('/customer/c001')) return { body: { customer: customer(1), tags: [], external_services: [] } };
      if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/external_services') || url.pathname.endsWith('/privacy_files'))
        return { body: [] };
      if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
      if (url.pathname.endsWith('/pets')) return { body: { items: [], page_size: 200 } };
      if (url.pathname.endsWith('/customers')) return { body: { items: [], page_size: 50 } };
      return undefined;
    });
    expect(await screen.findByDisplayValue('Nome1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete customer' }));
    expect(await screen.findByText('Delete Nome1 Cognome1?')).toBeTruthy();
    expect(screen.getByText('Their pets, photos and privacy file are deleted too.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${ORGA}/store/${STORE}/customers`));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname.split('/').at(-1))).toEqual(['c001']);
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Customer deleted');
  });

  it('R5.01 R5.02 R5.05 R5.13 validates a new customer in Italian and sends nothing until it is right', async () => {
    mount(
      `/${ORGA}/store/${STORE}/customer/new`,
      (url, init) => {
        if (url.pathname.endsWith('/tags')) return { body: [] };
        if (url.pathname.endsWith('/external_services')) return { body: [] };
        if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: ['fon'], pet_checkout: {} } };
        if (url.pathname.endsWith('/customer') && init.method === 'POST') {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          return { status: 201, body: { customer: customer(7, body), tags: [], external_services: [] } };
        }
        return undefined;
      },
      'it',
    );
    const save = await screen.findByTestId('save-customer');
    fireEvent.change(document.querySelector('input[name="email"]') as HTMLInputElement, { target: { value: 'giulia@' } });
    fireEvent.click(save);
    expect(await screen.findByText('E-mail non valida')).toBeTruthy();
    expect(screen.getAllByText('Obbligatorio').length).toBe(2); // first name and the mandatory phone (R5.13)
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(document.querySelector('input[name="first_name"]') as HTMLInputElement, { target: { value: 'Giulia' } });
    fireEvent.change(document.querySelector('input[name="fon"]') as HTMLInputElement, { target: { value: '+39 333 1234567' } });
    fireEvent.change(document.querySelector('input[name="email"]') as HTMLInputElement, { target: { value: 'giulia@example.it' } });
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      first_name: 'Giulia',
      fon: '+39 333 1234567',
      email: 'giulia@example.it',
      tags: [],
      external_services: [],
    });
  });

  it('R3.06 R9.04 R5.10 shows a pet with its tags and refuses a too big photo before sending it', async () => {
    const pet = {
      id: 'p1',
      orga_id: ORGA,
      store_id: STORE,
      customer_id: 'c001',
      name: 'Biscotto',
      pet_type: 1,
      breed: 'Barboncino',
      hair: 'long',
      size: 'small',
      sex: 'male',
      born: '2021-03-04',
      weight: 6.5,
      allergies: 'Pollo',
      sterilized: true,
      vaccinated: null,
      colour: 'brindle',
      microchip: '380260000000001',
      attitude: null,
      notes: null,
      medical: 'Cardiopatico',
      image_ids: [],
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    };
    const petTag = { id: 't9', orga_id: ORGA, kind: 'pet', name: 'Morde', icon: 6, emoji: null, tag_order: 0 };
    const open = jest.fn();
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = jest.fn(() => ({
      open,
      setRequestHeader: jest.fn(),
      send: jest.fn(),
      upload: {},
    }));
    mount(
      `/${ORGA}/store/${STORE}/pet/p1`,
      (url) => {
        if (url.pathname.endsWith('/pet/p1'))
          return { body: { pet, tags: [{ tag_id: 't9', tag_order: 0, name: 'Morde', icon: 6, emoji: null }] } };
        if (url.pathname.endsWith('/customer/c001')) return { body: { customer: customer(1), tags: [], external_services: [] } };
        if (url.pathname.endsWith('/tags')) return { body: [petTag] };
        if (url.pathname.endsWith('/images')) return { body: [] };
        return undefined;
      },
      'it',
    );
    expect(await screen.findByDisplayValue('Biscotto')).toBeTruthy();
    expect(screen.getByDisplayValue('6,5')).toBeTruthy();
    expect(screen.getByDisplayValue('Cardiopatico')).toBeTruthy();
    expect((document.querySelector('select[name="colour"]') as HTMLSelectElement).value).toBe('brindle');
    expect((document.querySelector('select[name="pet_type"]') as HTMLSelectElement).value).toBe('0'); // 1 is a dog too
    expect(screen.getByTestId('pet-tags').textContent).toContain('Morde');
    expect(screen.getByTestId('pet-owner').textContent).toContain('Nome1 Cognome1');
    // issue 29: Book opens the calendar for this pet and its owner
    expect(screen.getByTestId('book-pet').getAttribute('href')).toBe(`/${ORGA}/store/${STORE}?book_customer=c001&book_pet=p1`);

    const big = new File([new Uint8Array(1_048_577)], 'grande.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('pet-photo-upload-input'), { target: { files: [big] } });
    expect((await screen.findByTestId('pet-photo-upload-error')).textContent).toBe('Il file è troppo grande. Dimensione massima: 1 MB');
    expect(open).not.toHaveBeenCalled();
  });
});
