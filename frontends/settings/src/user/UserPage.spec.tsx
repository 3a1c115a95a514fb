/** @jest-environment jsdom */
import { apiQueryKey, personUserOf, type PersonUser } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeIdentity } from '../testing/fake-identity';
import { mountOrgaSettings, type MountOptions } from '../testing/mount-orga-settings';

const person: PersonUser = personUserOf({
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  language: 'it',
  orga_id: 'o1',
  rating_enable: false,
  last_rating_time: null,
  email_verified: true,
  created_at: '2026-11-01T00:00:00Z',
});

/** /user as the shell mounts it, over the fake gateway's identity routes (the person above) */
function mount(language: 'en' | 'it' = 'it', prepare: (identity: FakeIdentity) => void = () => undefined, cached?: MountOptions['cached']) {
  const identity = new FakeIdentity({ user: { ...person, language } });
  prepare(identity);
  return mountOrgaSettings('', () => undefined, { at: 'user', language, identity, cached });
}

function fillPassword(current: string, next: string, confirmation: string) {
  const card = within(screen.getByTestId('change-password'));
  const [currentField, nextField, confirmationField, ...more] = card.getAllByDisplayValue('');
  if (!currentField || !nextField || !confirmationField || more.length > 0) throw new Error('the card has three password fields');
  fireEvent.change(currentField, { target: { value: current } });
  fireEvent.change(nextField, { target: { value: next } });
  fireEvent.change(confirmationField, { target: { value: confirmation } });
  fireEvent.click(card.getByRole('button'));
  return card;
}

describe('settings /user page', () => {
  it('R1.16 R9.11 shows the person data in Italian, deletion through support Monday to Saturday, and version 11.4.6', async () => {
    const { calls } = mount();
    expect(await screen.findByDisplayValue('Lovelace')).toBeTruthy();
    expect(screen.getByTestId('account-deletion').textContent).toMatch(/luned.*sabato/i);
    expect(screen.getByTestId('app-version').textContent).toContain('11.4.6');
    expect(calls('GET', '/api/v1/user')).toHaveLength(1);
  });

  it("edits the server's person, not the shell's older copy of it", async () => {
    // the shell's session put the person in the shared cache at sign-in; it changed on another device since
    const { calls } = mount('it', undefined, (client) => client.setQueryData(apiQueryKey('getUser'), { ...person, first_name: 'Adelina' }));
    expect(screen.getByDisplayValue('Adelina')).toBeTruthy();
    expect(await screen.findByDisplayValue('Ada')).toBeTruthy();
    expect(screen.queryByDisplayValue('Adelina')).toBeNull();
    expect(calls('GET', '/api/v1/user')).toHaveLength(1);
  });

  it('R5.03 refuses a new password whose confirmation differs, without calling the server', async () => {
    const { calls } = mount('en');
    await screen.findByDisplayValue('Lovelace');
    fillPassword('old-secret', 'new-secret-1', 'new-secret-2');
    expect(await screen.findByText('Passwords are not the same')).toBeTruthy();
    expect(calls('POST', '/api/v1/user/password')).toHaveLength(0);
  });

  it('issue 11 refuses an all-whitespace new password without calling the server', async () => {
    const { calls } = mount('en');
    await screen.findByDisplayValue('Lovelace');
    fillPassword('old-secret', '\t\t\t\t\t\t\t\t', '\t\t\t\t\t\t\t\t');
    expect(await screen.findByText('A password cannot consist only of spaces')).toBeTruthy();
    expect(calls('POST', '/api/v1/user/password')).toHaveLength(0);
  });

  it('changes the password with the current one and says so, emptying the form', async () => {
    const { calls, bridge } = mount('en');
    await screen.findByDisplayValue('Lovelace');
    fillPassword('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Your password has been changed.'));
    expect(calls('POST', '/api/v1/user/password').map((c) => c.body)).toEqual([
      { current_password: 'old-secret', password: 'new-secret-1' },
    ]);
    expect(within(screen.getByTestId('change-password')).getAllByDisplayValue('')).toHaveLength(3);
  });

  it("issue 11 R8.06 shows the server's common-password refusal at the new password and its message, in Italian", async () => {
    const { calls, bridge } = mount('it', (identity) =>
      identity.fail('POST', /^\/api\/v1\/user\/password$/, 400, {
        code: 'validation_failed',
        message: 'Alcuni campi non sono validi.',
        fields: { password: 'validation.passwordCommon' },
      }),
    );
    await screen.findByDisplayValue('Lovelace');
    const card = fillPassword('old-secret', 'password1', 'password1');
    expect(await card.findByText(/Questa password è troppo comune/)).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Alcuni campi non sono validi.');
    expect(bridge.notify).not.toHaveBeenCalledWith(SNACKBAR_TYPE.success, expect.anything());
    expect(calls('POST', '/api/v1/user/password').map((c) => c.body)).toEqual([{ current_password: 'old-secret', password: 'password1' }]);
    // the form keeps what was typed for a correction
    expect(card.getAllByDisplayValue('password1')).toHaveLength(2);
  });

  it('R1.14 asks for the current password to change the e-mail address, sends it along and shows the pending one', async () => {
    const { calls, bridge } = mount('en');
    const card = within(await screen.findByTestId('change-email'));
    expect(screen.queryByTestId('pending-email')).toBeNull();
    fireEvent.change(card.getByLabelText(/New e-mail/), { target: { value: 'ada.new@example.com' } });
    fireEvent.click(card.getByRole('button', { name: 'Change e-mail' }));
    expect(await card.findByText('Required')).toBeTruthy();
    expect(calls('POST', '/api/v1/user/email')).toHaveLength(0);
    fireEvent.change(card.getByLabelText(/Current password/), { target: { value: 'old-secret' } });
    fireEvent.click(card.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, expect.stringContaining('ada.new@example.com')));
    expect(calls('POST', '/api/v1/user/email').map((c) => c.body)).toEqual([
      { email: 'ada.new@example.com', current_password: 'old-secret' },
    ]);
    // the person is read again: the address waiting for its verification shows
    expect((await screen.findByTestId('pending-email')).textContent).toContain('ada.new@example.com');
    expect(card.getByLabelText(/New e-mail/)).toHaveProperty('value', '');
  });

  it('R8.06 shows a refused e-mail change in the snackbar and keeps the address typed', async () => {
    const { bridge } = mount('en', (identity) =>
      identity.fail('POST', /^\/api\/v1\/user\/email$/, 403, { code: 'wrong_password', message: 'The current password is not right.' }),
    );
    const card = within(await screen.findByTestId('change-email'));
    fireEvent.change(card.getByLabelText(/New e-mail/), { target: { value: 'ada.new@example.com' } });
    fireEvent.change(card.getByLabelText(/Current password/), { target: { value: 'wrong' } });
    fireEvent.click(card.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'The current password is not right.'));
    expect(card.getByLabelText(/New e-mail/)).toHaveProperty('value', 'ada.new@example.com');
    expect(screen.queryByTestId('pending-email')).toBeNull();
  });

  it('saves changed person data with PUT, reads the person again and reports success', async () => {
    const { calls, bridge } = mount('it');
    fireEvent.change(await screen.findByDisplayValue('Ada'), { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Le modifiche sono state salvate.'));
    expect(calls('PUT', '/api/v1/user').map((c) => c.body)).toEqual([{ first_name: 'Augusta' }]);
    expect(calls('GET', '/api/v1/user')).toHaveLength(2);
    await waitFor(() => expect(bridge.reloadUser).toHaveBeenCalled());
    expect(bridge.changeLanguage).not.toHaveBeenCalled();
    // saved: nothing left to save
    expect(screen.getByRole('button', { name: 'Salva modifiche' })).toHaveProperty('disabled', true);
  });

  it('R1.03 applies a new language after saving it', async () => {
    const { calls, bridge } = mount('it');
    await screen.findByDisplayValue('Ada');
    fireEvent.change(screen.getByDisplayValue('Italiano'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(bridge.changeLanguage).toHaveBeenCalledWith('de'));
    expect(calls('PUT', '/api/v1/user').map((c) => c.body)).toEqual([{ language: 'de' }]);
  });

  it('shows an error state with the server message when the person data cannot be loaded, and reads again on retry', async () => {
    mount('it', (identity) => identity.fail('GET', /^\/api\/v1\/user$/, 403, { code: 'forbidden', message: 'Accesso non consentito' }, 1));
    expect(await screen.findByText('Accesso non consentito')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('error-state')).getByRole('button'));
    expect(await screen.findByDisplayValue('Lovelace')).toBeTruthy();
  });

  it('R2.09 logging out of all devices ends the session and hands back to the shell', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls, bridge } = mount('en');
    fireEvent.click(await screen.findByTestId('logout-all'));
    await waitFor(() => expect(bridge.signedOut).toHaveBeenCalled());
    expect(calls('POST', '/api/v1/auth/logout-all')).toHaveLength(1);
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, expect.any(String));
  });

  it('R2.09 keeps the session when logging out everywhere fails, saying why', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { bridge } = mount('en', (identity) =>
      identity.fail('POST', /^\/api\/v1\/auth\/logout-all$/, 500, { code: 'internal', message: 'Something went wrong.' }),
    );
    fireEvent.click(await screen.findByTestId('logout-all'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Something went wrong.'));
    expect(bridge.signedOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('logout-all')).toHaveProperty('disabled', false);
  });

  it('R1.15 R2.04 shows a QR code of a one-time login link only when asked, and a new one on renew', async () => {
    const { calls } = mount('en');
    await screen.findByTestId('qr-login');
    expect(calls('GET', '/api/v1/user/autologin-link')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('qr-show'));
    const first = (await screen.findByTestId('qr-image')).getAttribute('src');
    expect(first).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByTestId('qr-show'));
    await waitFor(() => expect(screen.getByTestId('qr-image').getAttribute('src')).not.toBe(first));
    expect(calls('GET', '/api/v1/user/autologin-link')).toHaveLength(2);
  });

  it("R1.15 says in the user's language when the login link cannot be had", async () => {
    const { bridge } = mount('it', (identity) =>
      identity.fail('GET', /^\/api\/v1\/user\/autologin-link$/, 403, { code: 'forbidden', message: 'Accesso non consentito' }),
    );
    fireEvent.click(await screen.findByTestId('qr-show'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Accesso non consentito'));
    expect(screen.queryByTestId('qr-image')).toBeNull();
  });

  it('R1.18 sends a rating from the user page and reads the person again', async () => {
    const { calls, bridge } = mount('en');
    fireEvent.click(await screen.findByTestId('rate-open'));
    fireEvent.click(await screen.findByTestId('rating-star-4'));
    fireEvent.click(screen.getByTestId('rating-rate'));
    expect(await screen.findByTestId('rating-end')).toBeTruthy();
    await waitFor(() => expect(calls('PUT', '/api/v1/user/rating')).toHaveLength(1));
    expect(calls('PUT', '/api/v1/user/rating')[0]?.body).toMatchObject({ rating: 4 });
    await waitFor(() => expect(calls('GET', '/api/v1/user')).toHaveLength(2));
    expect(bridge.notify).not.toHaveBeenCalled();
  });

  it("R1.18 says in the user's language when a rating is refused", async () => {
    const { bridge } = mount('it', (identity) =>
      identity.fail('PUT', /^\/api\/v1\/user\/rating$/, 403, { code: 'forbidden', message: 'Accesso non consentito' }),
    );
    fireEvent.click(await screen.findByTestId('rate-open'));
    fireEvent.click(await screen.findByTestId('rating-star-5'));
    fireEvent.click(screen.getByTestId('rating-rate'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Accesso non consentito'));
    expect(bridge.notify).toHaveBeenCalledTimes(1);
  });

  it('R7.02 ignores a refused No Thanks', async () => {
    const { bridge, calls } = mount('it', (identity) =>
      identity.fail('PUT', /^\/api\/v1\/user\/rating$/, 403, { code: 'forbidden', message: 'Accesso non consentito' }),
    );
    fireEvent.click(await screen.findByTestId('rate-open'));
    fireEvent.click(await screen.findByTestId('rating-no-thanks'));
    await waitFor(() => expect(calls('PUT', '/api/v1/user/rating')).toHaveLength(1));
    await waitFor(() => expect(bridge.reloadUser).toHaveBeenCalled());
    expect(bridge.notify).not.toHaveBeenCalled();
  });
});
