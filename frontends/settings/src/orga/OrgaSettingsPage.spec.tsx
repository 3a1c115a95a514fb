/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  organizationOf,
  organizationUserOf,
  personUserOf,
  type ApiClient,
  type Organization,
  type PersonUser,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrgaSettingsRoutes, StoresRoutes } from '../routes';

const person: PersonUser = personUserOf({
  id: 'u-owner',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Verdi',
  language: 'en',
  orga_id: 'o1',
  rating_enable: true,
  last_rating_time: null,
  email_verified: true,
  created_at: '2026-11-01T00:00:00Z',
});
const orga: Organization = organizationOf({
  id: 'o1',
  name: 'Salone Fido',
  tier: 0,
  created_at: '2026-11-01T00:00:00Z',
  country: 'IT',
  address: null,
  city: 'Roma',
  zip_code: null,
  address_from_owner: false,
  share_pets: false,
  admin_notification: null,
  min_rank_read_store: 4,
  min_rank_write_store: 3,
  min_rank_read_pets: 4,
  min_rank_write_pets: 3,
  stores: [],
  users: [
    organizationUserOf({
      id: 'm0',
      user_id: 'u-owner',
      first_name: 'Ada',
      last_name: 'Verdi',
      orga_rank: 0,
      store_override: {},
      employee_status: 1,
      active: true,
    }),
  ],
});

function mount(api: Partial<ApiClient>, path: string, Routes: (bridge: ShellBridge) => React.JSX.Element, pattern: string) {
  const bridge: ShellBridge = {
    api: api as ApiClient,
    user: person,
    language: 'en',
    notify: jest.fn(),
    reloadUser: jest.fn().mockResolvedValue(undefined),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    reloadOrganization: jest.fn().mockResolvedValue(undefined),
  };
  const router = createMemoryRouter([{ path: pattern, element: <Routes {...bridge} /> }], { initialEntries: [path] });
  render(
    <ChakraProvider value={pawlineSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return bridge;
}

describe('organization settings page', () => {
  it('R3.02 R6.03 saves a changed minimum rank through the settings call and the data through the organization call', async () => {
    const updateOrganization = jest.fn().mockResolvedValue(orga);
    const updateOrganizationSettings = jest.fn().mockResolvedValue(orga);
    const bridge = mount(
      { getOrganization: jest.fn().mockResolvedValue(orga), updateOrganization, updateOrganizationSettings },
      '/o1/settings',
      OrgaSettingsRoutes,
      '/:orgaId/settings/*',
    );
    await screen.findByTestId('orga-data');
    fireEvent.change(document.querySelector('select[name="min_rank_write_pets"]') as Element, { target: { value: '1' } });
    fireEvent.change(document.querySelector('input[name="city"]') as Element, { target: { value: 'Rimini' } });
    fireEvent.click(screen.getByTestId('save-orga'));
    await waitFor(() => expect(updateOrganizationSettings).toHaveBeenCalledWith('o1', { min_rank_write_pets: 1 }));
    expect(updateOrganization).toHaveBeenCalledWith('o1', { city: 'Rimini' });
    await waitFor(() => expect(bridge.reloadOrganization).toHaveBeenCalled());
  });

  it("links 'Team and shop' to the team, the stores and the treatments", async () => {
    mount({ getOrganization: jest.fn().mockResolvedValue(orga) }, '/o1/settings', OrgaSettingsRoutes, '/:orgaId/settings/*');
    const links = await screen.findByTestId('team-and-shop');
    expect(within(links).getByTestId('link-treatments').getAttribute('href')).toBe('/o1/settings/treatments');
    expect(within(links).getByTestId('link-treatments').textContent).toBe('Treatments');
    expect(within(links).getByTestId('link-team').getAttribute('href')).toBe('/o1/settings/users');
  });

  it("chooses what the calendar's appointment cards show, in order, and saves it with the settings call", async () => {
    const updateOrganizationSettings = jest.fn().mockResolvedValue(orga);
    mount(
      { getOrganization: jest.fn().mockResolvedValue(orga), updateOrganizationSettings },
      '/o1/settings',
      OrgaSettingsRoutes,
      '/:orgaId/settings/*',
    );
    const card = await screen.findByTestId('appointment-card-fields');
    const rows = () =>
      within(card)
        .getAllByTestId(/^card-field-/)
        .map((row) => [row.dataset['testid'], row.dataset['chosen']]);
    expect(rows()[0]).toEqual(['card-field-name', 'true']);
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Pets' }));
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Price' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Move Price up' }));
    expect(rows().slice(0, 3)).toEqual([
      ['card-field-name', 'true'],
      ['card-field-price', 'true'],
      ['card-field-pets', 'true'],
    ]);
    fireEvent.click(screen.getByTestId('save-orga'));
    await waitFor(() =>
      expect(updateOrganizationSettings).toHaveBeenCalledWith('o1', { appointment_card_custom: '["name","price","pets"]' }),
    );
  });

  it('R2.12 previews the administrator notification through the allow-list', async () => {
    mount({ getOrganization: jest.fn().mockResolvedValue(orga) }, '/o1/settings', OrgaSettingsRoutes, '/:orgaId/settings/*');
    await screen.findByTestId('personalize');
    fireEvent.change(document.querySelector('textarea[name="admin_notification"]') as Element, {
      target: { value: '<p onclick="x()">Closed <b>Monday</b><script>alert(1)</script></p>' },
    });
    const preview = await screen.findByTestId('admin-notification-preview');
    expect(preview.innerHTML).toBe('<p>Closed <b>Monday</b></p>');
  });

  it('R1.17 the owner cancels only after the dialog and the exact organization name', async () => {
    const cancelOrganization = jest.fn().mockResolvedValue({ cancelled: true });
    const bridge = mount(
      { getOrganization: jest.fn().mockResolvedValue(orga), cancelOrganization },
      '/o1/settings',
      OrgaSettingsRoutes,
      '/:orgaId/settings/*',
    );
    fireEvent.click(await screen.findByTestId('cancel-orga-start'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    const typed = await waitFor(() => {
      const input = document.querySelector('input[name="confirm_name"]');
      if (!input) throw new Error('no name field yet');
      return input;
    });
    fireEvent.change(typed, { target: { value: 'salone fido' } });
    const finalButtons = screen.getAllByTestId('confirm-dialog-confirm');
    const final = finalButtons[finalButtons.length - 1] as HTMLButtonElement;
    expect(final.disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'Salone Fido' } });
    expect(final.disabled).toBe(false);
    fireEvent.click(final);
    await waitFor(() => expect(cancelOrganization).toHaveBeenCalledWith('o1', 'Salone Fido'));
    await waitFor(() => expect(bridge.signedOut).toHaveBeenCalled());
  });
});

describe('stores page', () => {
  it('R3.04 shows the empty state, then creates a store with the fields of the spec', async () => {
    const createStore = jest.fn().mockResolvedValue({ id: 's9', name: 'Mare' });
    const getOrganization = jest.fn().mockResolvedValue(orga);
    const bridge = mount({ getOrganization, createStore }, '/o1/store', StoresRoutes, '/:orgaId/store/*');
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
      expect(createStore).toHaveBeenCalledWith('o1', {
        name: 'Mare',
        address: null,
        city: null,
        zip_code: null,
        country: 'IT',
        address_from_orga: false,
        phone: '+39 0541 123456',
        time_zone: 'Europe/Rome',
      }),
    );
    await waitFor(() => expect(bridge.reloadOrganization).toHaveBeenCalled());
  });
});
