/** @jest-environment jsdom */
import { apiQueryKey, organizationOf, organizationUserOf, personUserOf, type Organization, type PersonUser } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeIdentity } from '../testing/fake-identity';
import { mountOrgaSettings } from '../testing/mount-orga-settings';

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

function mountOrga(identity = new FakeIdentity({ orga, user: person })) {
  return mountOrgaSettings('', () => undefined, { identity, language: 'en', userId: person.id, orgaId: 'o1' });
}

describe('organization settings page', () => {
  it('R3.02 R6.03 saves a changed minimum rank through the settings call and the data through the organization call', async () => {
    const { calls, client } = mountOrga();
    await screen.findByTestId('orga-data');
    fireEvent.change(document.querySelector('select[name="min_rank_write_pets"]') as Element, { target: { value: '1' } });
    fireEvent.change(document.querySelector('input[name="city"]') as Element, { target: { value: 'Rimini' } });
    fireEvent.click(screen.getByTestId('save-orga'));
    await waitFor(() => expect(calls('PUT', '/api/v1/orga/o1/settings').map((r) => r.body)).toEqual([{ min_rank_write_pets: 1 }]));
    expect(calls('PUT', '/api/v1/orga/o1').map((r) => r.body)).toEqual([{ city: 'Rimini' }]);
    // the shell's organization query is the page's: the frame shows what was saved
    await waitFor(() => expect(client.getQueryData(apiQueryKey('getOrga', { params: { orga: 'o1' } }))).toMatchObject({ city: 'Rimini' }));
  });

  it('keeps what was typed and says why when the save is refused', async () => {
    const identity = new FakeIdentity({ orga, user: person });
    identity.fail('PUT', /^\/api\/v1\/orga\/o1$/, 400, { code: 'validation_failed', message: 'The name is too long' });
    const { bridge } = mountOrga(identity);
    await screen.findByTestId('orga-data');
    fireEvent.change(document.querySelector('input[name="city"]') as Element, { target: { value: 'Rimini' } });
    fireEvent.click(screen.getByTestId('save-orga'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'The name is too long'));
    expect((document.querySelector('input[name="city"]') as HTMLInputElement).value).toBe('Rimini');
    expect(bridge.notify).not.toHaveBeenCalledWith(SNACKBAR_TYPE.success, expect.anything());
  });

  it('shows an error state with a retry when the organization cannot be read', async () => {
    const identity = new FakeIdentity({ orga, user: person });
    identity.fail('GET', /^\/api\/v1\/orga\/o1$/, 503, { code: 'service_unavailable', message: 'Not available now' }, 2);
    mountOrga(identity);
    expect(await screen.findByText('Not available now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('orga-data')).toBeTruthy();
  });

  it("links 'Team and shop' to the team, the stores and the treatments", async () => {
    mountOrga();
    const links = await screen.findByTestId('team-and-shop');
    expect(within(links).getByTestId('link-treatments').getAttribute('href')).toBe('/o1/settings/treatments');
    expect(within(links).getByTestId('link-treatments').textContent).toBe('Treatments');
    expect(within(links).getByTestId('link-team').getAttribute('href')).toBe('/o1/settings/users');
  });

  it("chooses what the calendar's appointment cards show, in order, and saves it with the settings call", async () => {
    const { calls } = mountOrga();
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
      expect(calls('PUT', '/api/v1/orga/o1/settings').map((r) => r.body)).toEqual([{ appointment_card_custom: '["name","price","pets"]' }]),
    );
  });

  it('R2.12 previews the administrator notification through the allow-list', async () => {
    mountOrga();
    await screen.findByTestId('personalize');
    fireEvent.change(document.querySelector('textarea[name="admin_notification"]') as Element, {
      target: { value: '<p onclick="x()">Closed <b>Monday</b><script>alert(1)</script></p>' },
    });
    const preview = await screen.findByTestId('admin-notification-preview');
    expect(preview.innerHTML).toBe('<p>Closed <b>Monday</b></p>');
  });

  it('R1.17 the owner cancels only after the dialog and the exact organization name', async () => {
    const { bridge, calls } = mountOrga();
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
    await waitFor(() => expect(calls('POST', '/api/v1/orga/o1/cancel').map((r) => r.body)).toEqual([{ confirm_name: 'Salone Fido' }]));
    await waitFor(() => expect(bridge.signedOut).toHaveBeenCalled());
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'The organization has been cancelled.');
  });

  it('R1.17 offers cancelling to the owner only', async () => {
    const admin = { ...orga, users: orga.users.map((u) => ({ ...u, orga_rank: 1 })) };
    mountOrga(new FakeIdentity({ orga: admin, user: person }));
    await screen.findByTestId('orga-data');
    expect(screen.queryByTestId('cancel-orga')).toBeNull();
  });
});
