/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { API_ROUTES, ApiLayerProvider, createApiQueryClient, type ApiLayer, type PersonUser } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { showsWelcome, WelcomeDialog } from './WelcomeDialog';

const user = (welcomeSeen: boolean | undefined): PersonUser => ({
  id: '0b9e8a52-6a0e-4a4c-8f0e-1f6d2c3b4a51',
  email: 'anna@example.com',
  username: 'annarossi',
  first_name: 'Anna',
  last_name: 'Rossi',
  language: 'en',
  orga_id: null,
  rating_enable: true,
  last_rating_time: null,
  email_verified: true,
  pending_email: null,
  created_at: '2026-12-01T09:00:00.000Z',
  ...(welcomeSeen === undefined ? {} : { welcome_seen: welcomeSeen }),
});

function mount(person: PersonUser, owner: boolean) {
  const request = jest.fn(async () => ({ ...person, welcome_seen: true }));
  const layer: ApiLayer = { http: { request } as unknown as ApiLayer['http'], feedback: { success: jest.fn(), failure: jest.fn() } };
  render(
    <ChakraProvider value={pawlineSystem}>
      <QueryClientProvider client={createApiQueryClient()}>
        <ApiLayerProvider layer={layer}>
          <I18nProvider language="it">
            <MemoryRouter>
              <WelcomeDialog user={person} owner={owner} adminSettingsHref={null} />
            </MemoryRouter>
          </I18nProvider>
        </ApiLayerProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return request;
}

describe('the welcome card (issue 29)', () => {
  it('is for the owner only, until the server says it was closed', () => {
    expect(showsWelcome(user(false), true)).toBe(true);
    expect(showsWelcome(user(undefined), true)).toBe(true);
    expect(showsWelcome(user(true), true)).toBe(false);
    expect(showsWelcome(user(false), false)).toBe(false);
  });

  it('closing it tells the server, so no other browser shows it again', async () => {
    const request = mount(user(false), true);
    expect(screen.getByTestId('welcome-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('welcome-close'));
    expect(screen.queryByTestId('welcome-dialog')).toBeNull();
    await waitFor(() => expect(request).toHaveBeenCalledWith(API_ROUTES.markWelcomeSeen, {}));
  });

  it('does not show to a receptionist, nor to an owner who closed it elsewhere', () => {
    mount(user(false), false);
    mount(user(true), true);
    expect(screen.queryByTestId('welcome-dialog')).toBeNull();
  });
});
