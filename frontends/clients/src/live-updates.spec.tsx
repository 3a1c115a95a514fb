/** @jest-environment jsdom */
import { petOf } from '@pawline/api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler, type SentRequest } from './testing/clients-harness';

// The remote's pages kept live by the shell's realtime table (REALTIME_INVALIDATIONS of libs/api-client): a message
// of another device refetches what it changes, over a fake fetch that answers as the gateway would afterwards.
const customer = (n: number, extra: Record<string, unknown> = {}) => customerRow(`c${n}`, `Name${n}`, `Surname${n}`, extra);

let requests: SentRequest[] = [];
let emit: (scope: string, event: string, data: string) => void = () => undefined;

function mount(path: string, handler: Handler, shell = true) {
  const mounted = mountClients({ path, handler, shell });
  requests = mounted.requests;
  emit = mounted.emit;
  return mounted.bridge;
}

describe('clients remote live updates (R4.20)', () => {
  it('R4.20 a customer deleted elsewhere leaves the open list, an update shows the new name, a tag event rereads the tags', async () => {
    let rows = [customer(1), customer(2), customer(3)];
    let tagReads = 0;
    mount(`/${ORGA}/store/${STORE}/customers`, (url) => {
      if (url.pathname.endsWith('/tags')) {
        tagReads += 1;
        return { body: [] };
      }
      if (url.pathname.endsWith('/customers')) return { body: { items: rows, page_size: 50 } };
      return undefined;
    });
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
    expect(screen.getAllByTestId('customer-row')).toHaveLength(3);

    // the gateway no longer has it; the list read again leaves it out
    rows = rows.filter((row) => row.id !== 'c1');
    emit('customer', 'deleted', 'c1');
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(2));
    expect(screen.queryByText('Name1 Surname1')).toBeNull();

    rows = rows.map((row) => (row.id === 'c2' ? customer(2, { first_name: 'Renamed' }) : row));
    emit('customer', 'updated', 'c2');
    expect(await screen.findByText('Renamed Surname2')).toBeTruthy();

    const tagsBefore = tagReads;
    emit('tag', 'created', 't5');
    await waitFor(() => expect(tagReads).toBe(tagsBefore + 1));

    // another entity's message reads no customer again
    const listReads = requests.filter((r) => r.url.pathname.endsWith('/customers')).length;
    emit('appointment', 'deleted', 'c3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.url.pathname.endsWith('/customers')).length).toBe(listReads);
    expect(screen.getAllByTestId('customer-row')).toHaveLength(2);
  });

  it('R4.20 a customer created elsewhere refetches the list', async () => {
    let created = false;
    mount(`/${ORGA}/store/${STORE}/customers`, (url) => {
      if (url.pathname.endsWith('/tags')) return { body: [] };
      if (url.pathname.endsWith('/customers'))
        return { body: { items: created ? [customer(1), customer(4)] : [customer(1)], page_size: 50 } };
      return undefined;
    });
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
    created = true;
    emit('customer', 'created', 'c4');
    expect(await screen.findByText('Name4 Surname4')).toBeTruthy();
  });

  it('R4.20 the open customer page shows "deleted on another device" when it is deleted elsewhere', async () => {
    let gone = false;
    mount(`/${ORGA}/store/${STORE}/customer/c1`, (url) => {
      if (url.pathname.endsWith('/customer/c1'))
        return gone ? undefined : { body: { customer: customer(1), tags: [], external_services: [] } };
      if (
        url.pathname.endsWith('/tags') ||
        url.pathname.endsWith('/external_services') ||
        url.pathname.endsWith('/privacy_files') ||
        url.pathname.endsWith('/files')
      )
        return { body: [] };
      if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
      if (url.pathname.endsWith('/pets')) return { body: { items: [], page_size: 200 } };
      return undefined;
    });
    expect(await screen.findByDisplayValue('Name1')).toBeTruthy();
    emit('customer', 'deleted', 'c2'); // another customer: nothing happens
    expect(screen.queryByTestId('deleted-elsewhere')).toBeNull();
    gone = true; // the gateway answers 404 from now on
    emit('customer', 'deleted', 'c1');
    expect(await screen.findByText('This customer was deleted on another device')).toBeTruthy();
    expect(screen.queryByDisplayValue('Name1')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the customers' }).getAttribute('href')).toBe(`/${ORGA}/store/${STORE}/customers`);
  });

  it('R4.20 the open customer page refetches on its change, but keeps unsaved edits and warns', async () => {
    let version = 1;
    const bridge = mount(`/${ORGA}/store/${STORE}/customer/c1`, (url) => {
      if (url.pathname.endsWith('/customer/c1'))
        return {
          body: {
            customer: customer(1, { first_name: `Name${version}x`, updated_at: `2026-11-0${version}T10:00:00Z` }),
            tags: [],
            external_services: [],
          },
        };
      if (
        url.pathname.endsWith('/tags') ||
        url.pathname.endsWith('/external_services') ||
        url.pathname.endsWith('/privacy_files') ||
        url.pathname.endsWith('/files')
      )
        return { body: [] };
      if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
      if (url.pathname.endsWith('/pets')) return { body: { items: [], page_size: 200 } };
      return undefined;
    });
    expect(await screen.findByDisplayValue('Name1x')).toBeTruthy();
    version = 2;
    emit('customer', 'updated', 'c1');
    expect(await screen.findByDisplayValue('Name2x')).toBeTruthy();

    fireEvent.change(document.querySelector('input[name="last_name"]') as HTMLInputElement, { target: { value: 'Typed' } });
    version = 3;
    emit('customer', 'updated', 'c1');
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(1, 'Changed on another device. Saving will overwrite that change.'));
    expect(screen.getByDisplayValue('Typed')).toBeTruthy();
    expect(screen.getByDisplayValue('Name2x')).toBeTruthy();
  });

  it('R4.20 the open pet page shows "deleted on another device" when the pet is deleted elsewhere', async () => {
    let gone = false;
    const pet = petOf({ id: 'p1', orga_id: ORGA, store_id: STORE, customer_id: 'c1' });
    mount(`/${ORGA}/store/${STORE}/pet/p1`, (url) => {
      if (url.pathname.endsWith('/pet/p1')) return gone ? undefined : { body: { pet, tags: [] } };
      if (url.pathname.endsWith('/customer/c1')) return { body: { customer: customer(1), tags: [], external_services: [] } };
      if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/images')) return { body: [] };
      return undefined;
    });
    expect(await screen.findByDisplayValue('Biscotto')).toBeTruthy();
    gone = true;
    emit('pet', 'deleted', 'p1');
    expect(await screen.findByText('This pet was deleted on another device')).toBeTruthy();
  });

  it('a shell older than the data layer (no shared QueryClient, no realtime) still shows the list', async () => {
    mount(
      `/${ORGA}/store/${STORE}/customers`,
      (url) => {
        if (url.pathname.endsWith('/tags')) return { body: [] };
        if (url.pathname.endsWith('/customers')) return { body: { items: [customer(1)], page_size: 50 } };
        return undefined;
      },
      false,
    );
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
  });
});
