/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fakeGatewayFetch, type FakeGatewayAnswer, type FakeGatewayRequest, type Language } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { SessionProvider } from '../session/SessionProvider';
import { SnackbarProvider } from '../snackbar/SnackbarProvider';
import { AgreementPage } from './AgreementPage';

jest.setTimeout(30_000);

const TOKEN = 'c2lnbmVkLXRva2VuLW9mLXRoZS1saW5rAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const PAGE = `/api/v1/public/agreement/${TOKEN}`;

/** The public page with the shell's providers, signed out, over a fake gateway. */
function mount(language: Language, answer: (request: FakeGatewayRequest) => FakeGatewayAnswer | undefined) {
  const sent = fakeGatewayFetch((request) => {
    if (request.path === '/api/v1/auth/refresh') return { status: 401, body: { code: 'session_expired', message: 'x' } };
    return answer(request);
  });
  const router = createMemoryRouter([{ path: '/agreement/:token', element: <AgreementPage /> }], {
    initialEntries: [`/agreement/${TOKEN}`],
  });
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

describe('the public page of an agreement link (issue 31)', () => {
  it('shows the text, refuses an empty name, then accepts with the name typed', async () => {
    let accepted = false;
    const sent = mount('it', (request) => {
      if (request.method === 'GET' && request.path === PAGE)
        return { body: { store_name: 'Toelettatura Fido', version: 2, text: 'Gli animali devono essere vaccinati.', accepted } };
      if (request.method === 'POST' && request.path === PAGE) {
        accepted = true;
        return {
          status: 201,
          body: { version: 2, name: 'Maria Rossi', accepted_at: '2026-12-07T10:00:00.000Z', ip_address: '203.0.113.7', via: 'link' },
        };
      }
      return undefined;
    });
    expect(await screen.findByText('Gli animali devono essere vaccinati.')).toBeTruthy();
    expect(screen.getByText('Accordo di servizio di Toelettatura Fido')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-accept'));
    expect(await screen.findByText('Scrivi nome e cognome per accettare.')).toBeTruthy();
    expect(sent.filter((r) => r.path === PAGE && r.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('agreement-name'), { target: { value: 'Maria Rossi' } });
    fireEvent.click(screen.getByTestId('agreement-accept'));
    expect(await screen.findByText("Grazie: l'accordo è accettato.")).toBeTruthy();
    expect(sent.filter((r) => r.path === PAGE && r.method === 'POST').map((r) => r.body)).toEqual([{ name: 'Maria Rossi' }]);
  });

  it('says so in the customer language when the link is not valid', async () => {
    mount('de', (request) =>
      request.path === PAGE ? { status: 404, body: { code: 'not_found', message: 'Nicht gefunden.' } } : undefined,
    );
    await waitFor(() => expect(screen.getByText('Servicevereinbarung')).toBeTruthy());
    expect(screen.getByText('Nicht gefunden.')).toBeTruthy();
  });

  it('shows an accepted agreement without asking again', async () => {
    mount('en', (request) =>
      request.path === PAGE ? { body: { store_name: 'Fido Spa', version: 1, text: 'Be on time.', accepted: true } } : undefined,
    );
    expect(await screen.findByText('Thank you: the agreement is accepted.')).toBeTruthy();
    expect(screen.queryByTestId('agreement-accept')).toBeNull();
  });
});
