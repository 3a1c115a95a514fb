/** @jest-environment jsdom */
import { organizationOf, organizationUserOf, storeOf, type Organization } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeIdentity } from '../testing/fake-identity';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';

const centro = storeOf({ id: 's1000000-0000-4000-8000-000000000001', name: 'Centro' });
const mare = storeOf({ id: 's1000000-0000-4000-8000-000000000002', name: 'Mare' });
const orga: Organization = organizationOf({
  id: TEST_ORGA,
  stores: [centro, mare],
  min_rank_read_store: 3,
  users: [
    organizationUserOf({ id: 'm0', user_id: 'owner', orga_rank: 0, store_override: {}, employee_status: 0 }),
    organizationUserOf({ id: 'm1', user_id: 'lia', orga_rank: 3, store_override: { [mare.id]: 3 }, employee_status: 1 }),
    organizationUserOf({ id: 'm2', user_id: 'wil', orga_rank: 3, store_override: {}, employee_status: 1 }),
    organizationUserOf({ id: 'm3', user_id: 'ugo', orga_rank: 3, store_override: {}, employee_status: 0 }),
    organizationUserOf({ id: 'm4', user_id: 'tea', orga_rank: 4, store_override: {}, employee_status: 1 }),
  ],
});

function mount(userId: string, language: 'it' | 'en' = 'it', identity = new FakeIdentity({ orga })) {
  return mountOrgaSettings('', () => undefined, { at: 'stores', userId, language, identity });
}
const names = () =>
  within(screen.getByTestId('stores-table'))
    .getAllByTestId(/^store-/)
    .map((row) => row.getAttribute('data-testid'));

describe('the store overview /{orgaId}/store', () => {
  it('lets an organization administrator see, create and edit every store', async () => {
    const { calls } = mount('owner');
    expect(await screen.findByTestId('store-Centro')).toBeTruthy();
    expect(names()).toEqual(['store-Centro', 'store-Mare']);
    expect(calls('GET', `/api/v1/orga/${TEST_ORGA}`)).toHaveLength(1);
    expect(screen.getByTestId('new-store')).toBeTruthy();
    expect(screen.getAllByTestId('edit-store')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('edit-store')[0]);
    expect(await screen.findByText('Modifica negozio')).toBeTruthy();
  });

  it('R6.04 shows a member with store overrides only those stores, without create or edit', async () => {
    mount('lia');
    expect(await screen.findByTestId('store-Mare')).toBeTruthy();
    expect(names()).toEqual(['store-Mare']);
    expect(screen.queryByTestId('new-store')).toBeNull();
    expect(screen.queryByTestId('edit-store')).toBeNull();
    // the store's name opens its calendar
    fireEvent.click(within(screen.getByTestId('store-Mare')).getByText('Mare'));
    expect(await screen.findByTestId('store-home')).toBeTruthy();
  });

  it('R6.04 shows every store to a member without overrides with employee_status 1, none with another status', async () => {
    mount('wil');
    expect(await screen.findByTestId('store-Mare')).toBeTruthy();
    expect(names()).toEqual(['store-Centro', 'store-Mare']);
    expect(screen.queryByTestId('edit-store')).toBeNull();
  });

  it('says so when a member may read no store (rank below the minimum, or no general access)', async () => {
    mount('tea', 'en');
    expect(await screen.findByText('No store to show')).toBeTruthy();
    expect(screen.getByText(/Ask your administrator to give you access/)).toBeTruthy();
    expect(screen.queryByTestId('stores-table')).toBeNull();
    expect(screen.queryByTestId('new-store')).toBeNull();
  });

  it('R6.04 gives a member without general access no store', async () => {
    mount('ugo');
    expect(await screen.findByText('Nessun negozio da mostrare')).toBeTruthy();
  });

  it("R3.04 R2.07 creates a store with the fields of the spec; the organization (the frame's switcher) is read again", async () => {
    const empty = { ...orga, stores: [] };
    const { calls, bridge } = mount('owner', 'en', new FakeIdentity({ orga: empty }));
    expect(await screen.findByText('No stores yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('new-store'));
    await screen.findByTestId('store-dialog');
    fireEvent.change(document.querySelector('input[name="name"]') as Element, { target: { value: 'Mare' } });
    fireEvent.change(document.querySelector('input[name="phone"]') as Element, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('store-dialog-save'));
    expect(await screen.findByText('The phone number is in incorrect format')).toBeTruthy();
    fireEvent.change(document.querySelector('input[name="phone"]') as Element, { target: { value: '+39 0541 123456' } });
    fireEvent.click(screen.getByTestId('store-dialog-save'));
    await waitFor(() =>
      expect(calls('POST', `/api/v1/orga/${TEST_ORGA}/store`).map((r) => r.body)).toEqual([
        {
          name: 'Mare',
          address: null,
          city: null,
          zip_code: null,
          country: 'IT',
          address_from_orga: false,
          phone: '+39 0541 123456',
          time_zone: 'Europe/Rome',
        },
      ]),
    );
    expect(await screen.findByTestId('store-Mare')).toBeTruthy();
    expect(screen.queryByTestId('store-dialog')).toBeNull();
    expect(calls('GET', `/api/v1/orga/${TEST_ORGA}`)).toHaveLength(2);
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Your changes have been saved.');
  });

  it("R8.04 shows the server's field message at its field and keeps the dialog open", async () => {
    const identity = new FakeIdentity({ orga });
    identity.fail('PUT', /\/store\//, 400, {
      code: 'validation_failed',
      message: 'Check the form',
      fields: { time_zone: 'Not a zone this store may use' },
    });
    const { bridge } = mount('owner', 'en', identity);
    const [first] = await screen.findAllByTestId('edit-store');
    if (!first) throw new Error('no store to edit');
    fireEvent.click(first);
    await screen.findByTestId('store-dialog');
    fireEvent.change(document.querySelector('input[name="time_zone"]') as Element, { target: { value: 'Europe/Berlin' } });
    fireEvent.click(screen.getByTestId('store-dialog-save'));
    expect(await screen.findByText('Not a zone this store may use')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Check the form');
    expect(screen.getByTestId('store-dialog')).toBeTruthy();
  });
});
