/** @jest-environment jsdom */
import { organizationOf, organizationUserOf, storeOf, type Organization } from '@pawline/api-client';
import { fireEvent, screen, within } from '@testing-library/react';
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

function mount(userId: string, language: 'it' | 'en' = 'it') {
  const getOrganization = jest.fn().mockResolvedValue(orga);
  mountOrgaSettings('', () => undefined, { at: 'stores', userId, language, api: { getOrganization } });
  return { getOrganization };
}
const names = () =>
  within(screen.getByTestId('stores-table'))
    .getAllByTestId(/^store-/)
    .map((row) => row.getAttribute('data-testid'));

describe('the store overview /{orgaId}/store', () => {
  it('lets an organization administrator see, create and edit every store', async () => {
    const { getOrganization } = mount('owner');
    expect(await screen.findByTestId('store-Centro')).toBeTruthy();
    expect(names()).toEqual(['store-Centro', 'store-Mare']);
    expect(getOrganization).toHaveBeenCalledWith(TEST_ORGA);
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
});
