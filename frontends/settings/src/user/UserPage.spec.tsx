/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { ApiError, personUserOf, type ApiClient, type PersonUser, type ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SettingsRoutes } from '../routes';

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

function mount(api: Partial<ApiClient>, language: 'en' | 'it' = 'it') {
  const bridge: ShellBridge = {
    api: api as ApiClient,
    user: person,
    language,
    notify: jest.fn(),
    reloadUser: jest.fn().mockResolvedValue(undefined),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
  };
  const router = createMemoryRouter([{ path: '/user/*', element: <SettingsRoutes {...bridge} /> }], { initialEntries: ['/user'] });
  render(
    <ChakraProvider value={pawlineSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return bridge;
}

describe('settings /user page', () => {
  it('R1.16 R9.11 shows the person data in Italian, deletion through support Monday to Saturday, and version 11.4.6', async () => {
    mount({ getUser: jest.fn().mockResolvedValue(person) });
    expect(await screen.findByDisplayValue('Lovelace')).toBeTruthy();
    expect(screen.getByTestId('account-deletion').textContent).toMatch(/luned.*sabato/i);
    expect(screen.getByTestId('app-version').textContent).toContain('11.4.6');
  });

  it('R5.03 refuses a new password whose confirmation differs, without calling the server', async () => {
    const changePassword = jest.fn();
    mount({ getUser: jest.fn().mockResolvedValue(person), changePassword }, 'en');
    await screen.findByDisplayValue('Lovelace');
    const card = within(screen.getByTestId('change-password'));
    fireEvent.change(card.getByLabelText(/Current password/), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText(/Confirm new password/), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords are not the same')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('issue 11 refuses an all-whitespace new password without calling the server', async () => {
    const changePassword = jest.fn();
    mount({ getUser: jest.fn().mockResolvedValue(person), changePassword }, 'en');
    await screen.findByDisplayValue('Lovelace');
    const card = within(screen.getByTestId('change-password'));
    fireEvent.change(card.getByLabelText(/Current password/), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: '\t\t\t\t\t\t\t\t' } });
    fireEvent.change(screen.getByLabelText(/Confirm new password/), { target: { value: '\t\t\t\t\t\t\t\t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('A password cannot consist only of spaces')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("issue 11 shows the server's common-password refusal on the new password, in the user's language", async () => {
    const changePassword = jest
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'validation_failed', 'Alcuni campi non sono validi.', { password: 'validation.passwordCommon' }),
      );
    mount({ getUser: jest.fn().mockResolvedValue(person), changePassword }, 'it');
    await screen.findByDisplayValue('Lovelace');
    const card = within(screen.getByTestId('change-password'));
    const [current, next, confirmation, ...more] = card.getAllByDisplayValue('');
    if (!current || !next || !confirmation || more.length > 0) throw new Error('the card has three password fields');
    fireEvent.change(current, { target: { value: 'old-secret' } });
    fireEvent.change(next, { target: { value: 'password1' } });
    fireEvent.change(confirmation, { target: { value: 'password1' } });
    fireEvent.click(card.getByRole('button'));
    expect(await card.findByText(/Questa password è troppo comune/)).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith({ current_password: 'old-secret', password: 'password1' });
  });

  it('R1.14 asks for the current password to change the e-mail address and sends it along', async () => {
    const changeEmail = jest.fn().mockResolvedValue({ pending_email: 'ada.new@example.com' });
    const bridge = mount({ getUser: jest.fn().mockResolvedValue(person), changeEmail }, 'en');
    const card = within(await screen.findByTestId('change-email'));
    fireEvent.change(card.getByLabelText(/New e-mail/), { target: { value: 'ada.new@example.com' } });
    fireEvent.click(card.getByRole('button', { name: 'Change e-mail' }));
    expect(await card.findByText('Required')).toBeTruthy();
    expect(changeEmail).not.toHaveBeenCalled();
    fireEvent.change(card.getByLabelText(/Current password/), { target: { value: 'old-secret' } });
    fireEvent.click(card.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(changeEmail).toHaveBeenCalledWith('ada.new@example.com', 'old-secret'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, expect.any(String)));
  });

  it('saves changed person data with PUT and reports success', async () => {
    const updateUser = jest.fn().mockResolvedValue(undefined);
    const getUser = jest
      .fn()
      .mockResolvedValueOnce(person)
      .mockResolvedValueOnce({ ...person, first_name: 'Augusta' });
    const bridge = mount({ getUser, updateUser }, 'it');
    fireEvent.change(await screen.findByDisplayValue('Ada'), { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, expect.any(String)));
    expect(updateUser).toHaveBeenCalledWith({ first_name: 'Augusta' });
    expect(bridge.changeLanguage).not.toHaveBeenCalled();
  });

  it('shows an error state with the server message when the person data cannot be loaded', async () => {
    mount({ getUser: jest.fn().mockRejectedValue(new ApiError(503, 'service_unavailable', 'Servizio non disponibile')) });
    expect(await screen.findByText('Servizio non disponibile')).toBeTruthy();
    expect(screen.getByTestId('error-state')).toBeTruthy();
  });

  it('R2.09 logging out of all devices ends the session and hands back to the shell', async () => {
    const logoutAll = jest.fn().mockResolvedValue(undefined);
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const bridge = mount({ getUser: jest.fn().mockResolvedValue(person), logoutAll }, 'en');
    fireEvent.click(await screen.findByTestId('logout-all'));
    await waitFor(() => expect(bridge.signedOut).toHaveBeenCalled());
    expect(logoutAll).toHaveBeenCalledTimes(1);
  });
});
