/** @jest-environment jsdom */
import { organizationOf, personUserOf, storeOf, type Organization, type PersonUser } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeIdentity, teamMemberOf } from '../testing/fake-identity';
import { mountOrgaSettings } from '../testing/mount-orga-settings';

const person: PersonUser = personUserOf({ id: 'u-owner', language: 'it', orga_id: 'o1' });
const orga: Organization = organizationOf({
  id: 'o1',
  name: 'Salone Fido',
  stores: [storeOf({ id: 's1', name: 'Centro' }), storeOf({ id: 's2', name: 'Mare' })],
});
const lia = teamMemberOf({ user_id: 'u-lia', orga_id: 'o1', username: 'liarossi', store_override: { s2: 3 } });

function mount(identity = new FakeIdentity({ orga, user: person, team: [lia] })) {
  return mountOrgaSettings('users', () => undefined, { identity, orgaId: 'o1', userId: person.id });
}

describe('team page', () => {
  it('R3.03 lists name, username, rank, stores and active state in Italian', async () => {
    mount();
    const row = await screen.findByTestId('member-liarossi');
    expect(row.textContent).toContain('Lia Rossi');
    expect(row.textContent).toContain('Collaboratore');
    await waitFor(() => expect(row.textContent).toContain('Mare (Collaboratore)'));
    expect(row.textContent).toContain('Attivo');
  });

  it('R5.01 R5.02 R3.03 validates the new user per field, then shows the first password once', async () => {
    const { calls, bridge } = mount();
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
    expect((await screen.findByTestId('created-password')).textContent).toBe('Tz4-kq8-Lp2');
    expect(calls('POST', '/api/v1/orga/o1/users')[0]?.body).toMatchObject({
      first_name: 'Luca',
      email: 'luca@example.com',
      orga_rank: 3,
      store_override: { s1: 2 },
      color_scheme: '#4c61b4:#6d81d0',
    });
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Le modifiche sono state salvate.');
    // the team is read again: the new member is listed
    expect(await screen.findByTestId('member-lucabianchi')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('created-password')).toBeNull());
  });

  it("names each store's rank choice by its store, and writes the colour sample readably on the default card colour", async () => {
    mount();
    await screen.findByTestId('member-liarossi');
    fireEvent.click(screen.getByTestId('new-member'));
    const dialog = await screen.findByTestId('member-dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Mare' }).getAttribute('name')).toBe('override_s2');
    expect(within(dialog).getByRole('combobox', { name: 'Centro' }).getAttribute('name')).toBe('override_s1');
    // white on #6d81d0 is 3.7:1; black 5.7:1
    expect(getComputedStyle(within(dialog).getByTestId('colour-sample')).color).toBe('rgb(0, 0, 0)');
  });

  it('R3.03 deactivation asks first and calls the server only after the confirmation', async () => {
    const { calls, bridge } = mount();
    const row = await screen.findByTestId('member-liarossi');
    fireEvent.click(within(row).getByText('Disattiva'));
    expect(calls('POST', '/api/v1/orga/o1/users/u-lia/deactivate')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls('POST', '/api/v1/orga/o1/users/u-lia/deactivate')).toHaveLength(1));
    // the list is read again and says so
    expect(await within(row).findByText('Disattivato')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, expect.any(String));
  });

  it('shows the error state with a retry when the team cannot be loaded', async () => {
    const identity = new FakeIdentity({ orga, user: person, team: [] });
    identity.fail('GET', /\/users$/, 400, { code: 'gateway_down', message: 'gateway down' }, 1);
    mount(identity);
    expect(await screen.findByText('gateway down')).toBeTruthy();
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByText('Ancora nessun utente')).toBeTruthy();
  });
});
