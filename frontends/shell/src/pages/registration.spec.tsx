/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fakeGatewayFetch, type FakeGatewayAnswer, type FakeGatewayRequest } from '@pawline/api-client';
import type { Language } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { SessionProvider } from '../session/SessionProvider';
import { SnackbarProvider } from '../snackbar/SnackbarProvider';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { VerifyEmailPage } from './VerifyEmailPage';

// the shell's whole provider stack with Chakra in jsdom is slow on a shared machine
jest.setTimeout(30_000);

const USER = {
  id: '0b9e8a52-6a0e-4a4c-8f0e-1f6d2c3b4a51',
  orga_id: null,
  email: 'anna@example.com',
  username: 'annarossi',
  first_name: 'Anna',
  last_name: 'Rossi',
  language: 'it',
  email_verified: true,
};
const SIGNED_IN = { access_token: 'access-1', expires_at: '2099-01-01T00:00:00.000Z' };

type Answer = (request: FakeGatewayRequest) => FakeGatewayAnswer | undefined;

/** The shell's providers with a fake gateway; the session starts signed out (no refresh cookie). */
function mount(path: string, language: Language, answer: Answer): FakeGatewayRequest[] {
  const sent = fakeGatewayFetch((request) => {
    if (request.path === '/api/v1/auth/refresh') return { status: 401, body: { code: 'session_expired', message: 'x' } };
    if (request.path === '/api/v1/user') return { body: USER };
    return answer(request);
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p data-testid="home">home</p> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language={language}>
        <SnackbarProvider>
          <SessionProvider language={language}>
            <RouterProvider router={router} />
          </SessionProvider>
        </SnackbarProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return sent;
}

function type(name: string, value: string): void {
  const input = document.querySelector(`[name="${name}"]`);
  if (!input) throw new Error(`no input ${name}`);
  fireEvent.change(input, { target: { value } });
}

async function fillRegistration(password: string): Promise<void> {
  type('first_name', 'Anna');
  type('last_name', 'Rossi');
  type('email', 'anna@example.com');
  type('organization_name', 'Pelo Felice');
  type('password', password);
  type('password_confirmation', password);
  type('country', 'IT');
  for (const box of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    fireEvent.click(box);
    // the checkbox's machine reports the change a moment later
    await waitFor(() => expect(box.closest('label')?.getAttribute('data-state')).toBe('checked'));
  }
}

const submit = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('registration and confirmation screens (issue 29)', () => {
  it('names a short password in Italian before anything is sent', async () => {
    const sent = mount('/register', 'it', () => undefined);
    await screen.findByTestId('trial-notice');
    await fillRegistration('corta');
    submit(/Inizia la prova|prova gratuita/i);
    expect(await screen.findByText('Almeno 8 caratteri')).toBeTruthy();
    expect(sent.some((request) => request.path === '/api/v1/auth/register')).toBe(false);
  });

  it.each<[Language, string, string]>([
    ['en', 'terms and conditions', 'privacy policy'],
    ['it', 'termini e condizioni', 'informativa sulla privacy'],
    ['de', 'Allgemeinen Geschäftsbedingungen', 'Datenschutzerklärung'],
    ['fr', 'conditions générales', 'politique de confidentialité'],
  ])('in %s the terms and the privacy policy are links that open beside the form', async (language, terms, privacy) => {
    mount('/register', language, () => undefined);
    const termsLink = await screen.findByRole('link', { name: new RegExp(terms) });
    const privacyLink = screen.getByRole('link', { name: new RegExp(privacy) });
    expect(termsLink.getAttribute('href')).toBe(`https://www.pawline.app/${language}/terms`);
    expect(privacyLink.getAttribute('href')).toBe(`https://www.pawline.app/${language}/privacy`);
    expect(termsLink.getAttribute('target')).toBe('_blank');
  });

  it('shows a refusal in the form, and nothing of it on the success page, which offers the code', async () => {
    let attempts = 0;
    mount('/register', 'en', (request) => {
      if (request.path !== '/api/v1/auth/register') return undefined;
      attempts += 1;
      if (attempts === 1) return { status: 400, body: { code: 'promo_code_invalid', message: 'This promo code is not valid.' } };
      return { status: 201, body: { user_id: USER.id, orga_id: '5c1d7f7e-1b44-4f0e-9a7a-2a9a1f2b3c4d' } };
    });
    await screen.findByTestId('trial-notice');
    await fillRegistration('long enough secret');
    submit(/Start free trial/);
    expect((await screen.findByTestId('register-error')).textContent).toContain('This promo code is not valid.');
    submit(/Start free trial/);
    await screen.findByTestId('register-done');
    expect(screen.queryByText('This promo code is not valid.')).toBeNull();
    expect(screen.getByTestId('confirm-code')).toBeTruthy();
    expect(screen.getByText(/anna@example.com/)).toBeTruthy();
  });

  it('R1.13 the code screen names a used-up code in Italian, then the right code signs in and opens the app', async () => {
    const tries: unknown[] = [];
    mount('/verify-email', 'it', (request) => {
      if (request.path !== '/api/v1/auth/verify-email/code') return undefined;
      tries.push(request.body);
      if (tries.length === 1) {
        return { status: 400, body: { code: 'token_invalid', message: 'x', fields: { code: 'validation.verificationCodeExhausted' } } };
      }
      return { body: { verified: true, ...SIGNED_IN } };
    });
    await screen.findByTestId('verify-by-code');
    type('email', 'anna@example.com');
    type('code', '12a34');
    submit(/Conferma e-mail/);
    expect(await screen.findByText("Inserisci le 6 cifre dell'e-mail.")).toBeTruthy();
    type('code', '123456');
    submit(/Conferma e-mail/);
    expect(await screen.findByText('Troppi tentativi con questo codice. Richiedi una nuova e-mail.')).toBeTruthy();
    type('code', '654321');
    submit(/Conferma e-mail/);
    await screen.findByTestId('home');
    expect(tries).toEqual([
      { email: 'anna@example.com', code: '123456' },
      { email: 'anna@example.com', code: '654321' },
    ]);
  });

  it('the link of the mail confirms and signs in', async () => {
    mount('/verify-email?token=abc', 'de', (request) =>
      request.path === '/api/v1/auth/verify-email' ? { body: { verified: true, ...SIGNED_IN } } : undefined,
    );
    expect(await screen.findByText('Ihre E-Mail-Adresse ist bestätigt und Sie sind angemeldet.')).toBeTruthy();
  });

  it('a login refused as not confirmed offers the mail again, for the name typed', async () => {
    const sent = mount('/login', 'fr', (request) => {
      if (request.path === '/api/v1/auth/login') {
        return { status: 403, body: { code: 'server_701', message: "L'e-mail n'est pas confirmé." } };
      }
      if (request.path === '/api/v1/auth/verify-email/resend') return { body: { sent: true } };
      return undefined;
    });
    // issue 29: people sign in by username or e-mail, and the form says so
    expect(await screen.findByText("Nom d'utilisateur ou e-mail")).toBeTruthy();
    type('username', 'annarossi');
    type('password', 'long enough secret');
    submit(/Se connecter|Connexion/i);
    fireEvent.click(await screen.findByTestId('resend-verification'));
    expect((await screen.findByTestId('resend-done')).textContent).toContain('nous avons renvoyé');
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/v1/auth/verify-email/resend')?.body).toEqual({ username: 'annarossi' }),
    );
  });
});
