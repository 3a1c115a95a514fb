/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  organizationOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type Organization,
  type PersonUser,
  type ShellBridge,
  type TeamMember,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrgaSettingsRoutes } from '../routes';

const person: PersonUser = personUserOf({
  id: 'u-owner',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Verdi',
  language: 'it',
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
  stores: [storeOf({ id: 's1', name: 'Centro' }), storeOf({ id: 's2', name: 'Mare' })],
  users: [],
});
const lia: TeamMember = {
  id: 'm1',
  user_id: 'u-lia',
  orga_id: 'o1',
  first_name: 'Lia',
  last_name: 'Rossi',
  email: 'lia@example.com',
  username: 'liarossi',
  orga_rank: 3,
  store_override: { s2: 3 },
  employee_status: 1,
  color_scheme: '#4c61b4:#6d81d0',
  active: true,
  address: null,
  city: null,
  zip_code: null,
  country: null,
  fon_nr: null,
};

function mount(api: Partial<ApiClient>) {
  const bridge: ShellBridge = {
    api: api as ApiClient,
    user: person,
    language: 'it',
    notify: jest.fn(),
    reloadUser: jest.fn().mockResolvedValue(undefined),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
  };
  const router = createMemoryRouter([{ path: '/:orgaId/settings/*', element: <OrgaSettingsRoutes {...bridge} /> }], {
    initialEntries: ['/o1/settings/users'],
  });
  render(
    <ChakraProvider value={pawlineSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return bridge;
}

describe('team page', () => {
  it('R3.03 lists name, username, rank, stores and active state in Italian', async () => {
    mount({ listTeam: jest.fn().mockResolvedValue([lia]), getOrganization: jest.fn().mockResolvedValue(orga) });
    const row = await screen.findByTestId('member-liarossi');
    expect(row.textContent).toContain('Lia Rossi');
    expect(row.textContent).toContain('Collaboratore');
    expect(row.textContent).toContain('Mare (Collaboratore)');
    expect(row.textContent).toContain('Attivo');
  });

  it('R5.01 R5.02 R3.03 validates the new user per field, then shows the first password once', async () => {
    const createTeamMember = jest
      .fn()
      .mockResolvedValue({ ...lia, user_id: 'u-new', username: 'lucabianchi', first_password: 'Xk4-pq9-Zt' });
    mount({ listTeam: jest.fn().mockResolvedValue([lia]), getOrganization: jest.fn().mockResolvedValue(orga), createTeamMember });
    await screen.findByTestId('member-liarossi');
    fireEvent.click(screen.getByTestId('new-member'));
    const dialog = await screen.findByTestId('member-dialog');
    fireEvent.click(within(dialog).getByTestId('member-dialog-save'));
    expect((await within(dialog).findAllByText('Obbligatorio')).length).toBeGreaterThanOrEqual(3);
    fireEvent.change(dialog.querySelector('input[name="first_name"]') as Element, { target: { value: 'Luca' } });
    fireEvent.change(dialog.querySelector('input[name="last_name"]') as Element, { target: { value: 'Bianchi' } });
    fireEvent.change(dialog.querySelector('input[name="email"]') as Element, { target: { value: 'luca@' } });
    fireEvent.click(within(dialog).getByTestId('member-dialog-save'));
    expect(await within(dialog).findByText('E-mail non valida')).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[name="email"]') as Element, { target: { value: 'luca@example.com' } });
    fireEvent.change(dialog.querySelector('select[name="override_s1"]') as Element, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('member-dialog-save'));
    await waitFor(() => expect(createTeamMember).toHaveBeenCalled());
    expect(createTeamMember.mock.calls[0]?.[1]).toMatchObject({
      first_name: 'Luca',
      email: 'luca@example.com',
      orga_rank: 3,
      store_override: { s1: 2 },
      color_scheme: '#4c61b4:#6d81d0',
    });
    expect((await screen.findByTestId('created-password')).textContent).toBe('Xk4-pq9-Zt');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('created-password')).toBeNull());
  });

  it("names each store's rank choice by its store, and writes the colour sample readably on the default card colour", async () => {
    mount({ listTeam: jest.fn().mockResolvedValue([lia]), getOrganization: jest.fn().mockResolvedValue(orga) });
    await screen.findByTestId('member-liarossi');
    fireEvent.click(screen.getByTestId('new-member'));
    const dialog = await screen.findByTestId('member-dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Mare' }).getAttribute('name')).toBe('override_s2');
    expect(within(dialog).getByRole('combobox', { name: 'Centro' }).getAttribute('name')).toBe('override_s1');
    // white on #6d81d0 is 3.7:1; black 5.7:1
    expect(getComputedStyle(within(dialog).getByTestId('colour-sample')).color).toBe('rgb(0, 0, 0)');
  });

  it('R3.03 deactivation asks first and calls the server only after the confirmation', async () => {
    const deactivateTeamMember = jest.fn().mockResolvedValue(undefined);
    mount({ listTeam: jest.fn().mockResolvedValue([lia]), getOrganization: jest.fn().mockResolvedValue(orga), deactivateTeamMember });
    const row = await screen.findByTestId('member-liarossi');
    fireEvent.click(within(row).getByText('Disattiva'));
    expect(deactivateTeamMember).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(deactivateTeamMember).toHaveBeenCalledWith('o1', 'u-lia'));
  });

  it('shows the error state with a retry when the team cannot be loaded', async () => {
    const listTeam = jest.fn().mockRejectedValueOnce(new Error('gateway down')).mockResolvedValue([]);
    mount({ listTeam, getOrganization: jest.fn().mockResolvedValue(orga) });
    expect(await screen.findByText('gateway down')).toBeTruthy();
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByText('Ancora nessun utente')).toBeTruthy();
  });
});
