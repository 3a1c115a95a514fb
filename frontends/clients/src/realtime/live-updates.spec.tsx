/** @jest-environment jsdom */
import { createRealtimeFeed, petOf, type RealtimeFeed } from '@pawline/api-client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler, type SentRequest } from '../testing/clients-harness';

// The remote's pages fed by the shell's realtime fan-out (ShellBridge.subscribe) over a fake fetch.
const customer = (n: number, extra: Record<string, unknown> = {}) => customerRow(`c${n}`, `Name${n}`, `Surname${n}`, extra);

let requests: SentRequest[] = [];

function mount(path: string, handler: Handler, feed: RealtimeFeed | null) {
  const mounted = mountClients({ path, handler, ...(feed ? { subscribe: feed.subscribe } : {}) });
  requests = mounted.requests;
  return mounted.bridge;
}

const emit = (feed: RealtimeFeed, scope: string, event: string, data: string) =>
  act(() => feed.publish({ scope, channel: ORGA, store_id: STORE, data, event, user: 'u2', device: 'dev-other' }));

describe('clients remote live updates (R4.20)', () => {
  it('R4.20 a customer deleted elsewhere leaves the open list, an update refetches that row, a tag event the tags', async () => {
    const feed = createRealtimeFeed();
    let renamed = false;
    let tagReads = 0;
    mount(
      `/${ORGA}/store/${STORE}/customers`,
      (url) => {
        if (url.pathname.endsWith('/tags')) {
          tagReads += 1;
          return { body: [] };
        }
        if (url.pathname.endsWith('/customers')) return { body: { items: [customer(1), customer(2), customer(3)], page_size: 50 } };
        if (url.pathname.endsWith('/customer/c2'))
          return { body: { customer: customer(2, { first_name: renamed ? 'Renamed' : 'Name2' }), tags: [], external_services: [] } };
        return undefined;
      },
      feed,
    );
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
    expect(screen.getAllByTestId('customer-row')).toHaveLength(3);
    const listReads = requests.filter((r) => r.url.pathname.endsWith('/customers')).length;

    emit(feed, 'customer', 'deleted', 'c1');
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(2));
    expect(screen.queryByText('Name1 Surname1')).toBeNull();

    renamed = true;
    emit(feed, 'customer', 'updated', 'c2');
    expect(await screen.findByText('Renamed Surname2')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname.endsWith('/customers')).length).toBe(listReads); // only the row was read

    const tagsBefore = tagReads;
    emit(feed, 'tag', 'created', 't5');
    await waitFor(() => expect(tagReads).toBe(tagsBefore + 1));

    emit(feed, 'appointment', 'deleted', 'c3');
    expect(screen.getAllByTestId('customer-row')).toHaveLength(2);
  });

  it('R4.20 a customer created elsewhere refetches the list', async () => {
    const feed = createRealtimeFeed();
    let created = false;
    mount(
      `/${ORGA}/store/${STORE}/customers`,
      (url) => {
        if (url.pathname.endsWith('/tags')) return { body: [] };
        if (url.pathname.endsWith('/customers'))
          return { body: { items: created ? [customer(1), customer(4)] : [customer(1)], page_size: 50 } };
        return undefined;
      },
      feed,
    );
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
    created = true;
    emit(feed, 'customer', 'created', 'c4');
    expect(await screen.findByText('Name4 Surname4')).toBeTruthy();
  });

  it('R4.20 the open customer page shows "deleted on another device" when it is deleted elsewhere', async () => {
    const feed = createRealtimeFeed();
    mount(
      `/${ORGA}/store/${STORE}/customer/c1`,
      (url) => {
        if (url.pathname.endsWith('/customer/c1')) return { body: { customer: customer(1), tags: [], external_services: [] } };
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
      },
      feed,
    );
    expect(await screen.findByDisplayValue('Name1')).toBeTruthy();
    emit(feed, 'customer', 'deleted', 'c2'); // another customer: nothing happens
    expect(screen.queryByTestId('deleted-elsewhere')).toBeNull();
    emit(feed, 'customer', 'deleted', 'c1');
    expect(await screen.findByText('This customer was deleted on another device')).toBeTruthy();
    expect(screen.queryByDisplayValue('Name1')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the customers' }).getAttribute('href')).toBe(`/${ORGA}/store/${STORE}/customers`);
  });

  it('R4.20 the open customer page refetches on its change, but keeps unsaved edits and warns', async () => {
    const feed = createRealtimeFeed();
    let version = 1;
    const bridge = mount(
      `/${ORGA}/store/${STORE}/customer/c1`,
      (url) => {
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
      },
      feed,
    );
    expect(await screen.findByDisplayValue('Name1x')).toBeTruthy();
    version = 2;
    emit(feed, 'customer', 'updated', 'c1');
    expect(await screen.findByDisplayValue('Name2x')).toBeTruthy();

    fireEvent.change(document.querySelector('input[name="last_name"]') as HTMLInputElement, { target: { value: 'Typed' } });
    version = 3;
    emit(feed, 'customer', 'updated', 'c1');
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(1, 'Changed on another device. Saving will overwrite that change.'));
    expect(screen.getByDisplayValue('Typed')).toBeTruthy();
    expect(screen.getByDisplayValue('Name2x')).toBeTruthy();
  });

  it('R4.20 the open pet page shows "deleted on another device" when the pet is deleted elsewhere', async () => {
    const pet = petOf({ id: 'p1', orga_id: ORGA, store_id: STORE, customer_id: 'c1' });
    const feed = createRealtimeFeed();
    mount(
      `/${ORGA}/store/${STORE}/pet/p1`,
      (url) => {
        if (url.pathname.endsWith('/pet/p1')) return { body: { pet, tags: [] } };
        if (url.pathname.endsWith('/customer/c1')) return { body: { customer: customer(1), tags: [], external_services: [] } };
        if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/images')) return { body: [] };
        return undefined;
      },
      feed,
    );
    expect(await screen.findByDisplayValue('Biscotto')).toBeTruthy();
    emit(feed, 'pet', 'deleted', 'p1');
    expect(await screen.findByText('This pet was deleted on another device')).toBeTruthy();
  });

  it('a shell without bridge.subscribe still shows the list (no live updates)', async () => {
    mount(
      `/${ORGA}/store/${STORE}/customers`,
      (url) => {
        if (url.pathname.endsWith('/tags')) return { body: [] };
        if (url.pathname.endsWith('/customers')) return { body: { items: [customer(1)], page_size: 50 } };
        return undefined;
      },
      null,
    );
    expect(await screen.findByText('Name1 Surname1')).toBeTruthy();
  });
});
