/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  apiQueryKey,
  createRealtimeFeed,
  organizationOf,
  personUserOf,
  useApiQuery,
  type ApiClient,
  type Organization,
  type PersonUser,
  type RealtimeMessage,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '../i18n/I18nProvider';
import { SnackbarProvider } from '../snackbar/SnackbarProvider';
import { useSignedIn } from './signed-in-context';
import { SignedInDataProvider } from './SignedInData';
import type { SignedIn } from './session-start';

const ANNA = personUserOf({ id: 'anna', orga_id: 'o1' });
const BRUNO = personUserOf({ id: 'bruno', orga_id: 'o2' });
const salon = (id: string, name: string): Organization => organizationOf({ id, name });

/** The gateway behind the shell's client: the organizations as they are now, each read counted. */
function fakeApi(orgas: Map<string, Organization>, users: Map<string, PersonUser>, me: () => string) {
  const reads: string[] = [];
  const request = jest.fn(async (route: { path: string }, input?: { params?: Record<string, string> }) => {
    reads.push(route.path);
    if (route.path === '/api/v1/user') return users.get(me());
    return orgas.get(input?.params?.orga ?? '');
  });
  return {
    api: { request, deviceId: 'dev', freshAccessToken: async () => 'tok', refresh: async () => null } as unknown as ApiClient,
    reads,
  };
}

let seenClient: QueryClient | null = null;

function Frame() {
  const { user, orga } = useSignedIn();
  seenClient = useQueryClient();
  const treatments = useApiQuery('listTreatments', { params: { orga: orga?.id ?? '' } }, { enabled: false });
  return (
    <p data-testid="frame">
      {user.id} {orga?.name} {treatments.status}
    </p>
  );
}

function mount(session: SignedIn, api: ApiClient, feed = createRealtimeFeed(), reconnects = new Set<() => void>()) {
  return render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language="en">
        <SnackbarProvider>
          <SignedInDataProvider
            key={session.user.id}
            session={session}
            api={api}
            subscribe={feed.subscribe}
            subscribeReconnects={(listener) => (reconnects.add(listener), () => void reconnects.delete(listener))}
          >
            <Frame />
          </SignedInDataProvider>
        </SnackbarProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
}

const message = (scope: string, channel: string): RealtimeMessage => ({
  scope,
  channel,
  store_id: null,
  data: channel,
  event: 'changed',
  user: 'owner',
  device: 'other',
});

describe('the signed-in data layer', () => {
  it('R4.15 starts from what the start-up read: the person and organization are not read twice', () => {
    const orgas = new Map([['o1', salon('o1', 'Salone Anna')]]);
    const { api, reads } = fakeApi(orgas, new Map([['anna', ANNA]]), () => 'anna');
    mount({ status: 'signed-in', user: ANNA, orga: orgas.get('o1') ?? null, orgaError: null }, api);
    expect(screen.getByTestId('frame').textContent).toContain('anna Salone Anna');
    expect(reads).toEqual([]);
  });

  it("R4.21 a realtime message of the organization refetches it through the shared QueryClient, another organization's does not", async () => {
    const orgas = new Map([['o1', salon('o1', 'Salone Anna')]]);
    const { api, reads } = fakeApi(orgas, new Map([['anna', ANNA]]), () => 'anna');
    const feed = createRealtimeFeed();
    mount({ status: 'signed-in', user: ANNA, orga: orgas.get('o1') ?? null, orgaError: null }, api, feed);
    orgas.set('o1', salon('o1', 'Salone Anna e Figli'));
    act(() => feed.publish(message('customer', 'o1')));
    act(() => feed.publish(message('subscription', 'o2')));
    act(() => feed.publish(message('subscription', 'o1')));
    await waitFor(() => expect(screen.getByTestId('frame').textContent).toContain('Salone Anna e Figli'));
    expect(reads).toEqual(['/api/v1/orga/:orga']);
  });

  it('reads what is shown again when the realtime connection comes back after a drop (its messages are lost)', async () => {
    const orgas = new Map([['o1', salon('o1', 'Salone Anna')]]);
    const { api, reads } = fakeApi(orgas, new Map([['anna', ANNA]]), () => 'anna');
    const reconnects = new Set<() => void>();
    mount({ status: 'signed-in', user: ANNA, orga: orgas.get('o1') ?? null, orgaError: null }, api, createRealtimeFeed(), reconnects);
    orgas.set('o1', salon('o1', 'Salone Anna Due'));
    act(() => reconnects.forEach((listener) => listener()));
    await waitFor(() => expect(screen.getByTestId('frame').textContent).toContain('Salone Anna Due'));
    expect(reads).toContain('/api/v1/user');
  });

  it('is cleared at sign-out: the next person starts with a client that holds none of the previous answers', () => {
    const orgas = new Map([
      ['o1', salon('o1', 'Salone Anna')],
      ['o2', salon('o2', 'Toelettatura Bruno')],
    ]);
    const anna = fakeApi(orgas, new Map([['anna', ANNA]]), () => 'anna');
    const first = mount({ status: 'signed-in', user: ANNA, orga: orgas.get('o1') ?? null, orgaError: null }, anna.api);
    const annas = seenClient;
    expect(annas?.getQueryData(apiQueryKey('getOrga', { params: { orga: 'o1' } }))).toMatchObject({ name: 'Salone Anna' });
    first.unmount();
    expect(annas?.getQueryCache().getAll()).toEqual([]);
    const bruno = fakeApi(orgas, new Map([['bruno', BRUNO]]), () => 'bruno');
    mount({ status: 'signed-in', user: BRUNO, orga: orgas.get('o2') ?? null, orgaError: null }, bruno.api);
    expect(seenClient).not.toBe(annas);
    expect(
      seenClient
        ?.getQueryCache()
        .getAll()
        .map((query) => query.queryKey[0]),
    ).toEqual(['getUser', 'getOrga', 'listTreatments']);
    expect(seenClient?.getQueryData(apiQueryKey('getOrga', { params: { orga: 'o1' } }))).toBeUndefined();
    expect(screen.getByTestId('frame').textContent).toContain('bruno Toelettatura Bruno');
  });

  it('reads the person data again on reloadUser (a remote changed it)', async () => {
    const users = new Map([['anna', ANNA]]);
    const { api } = fakeApi(new Map([['o1', salon('o1', 'Salone Anna')]]), users, () => 'anna');
    let reload: () => Promise<void> = async () => undefined;
    function Reader() {
      const signedIn = useSignedIn();
      reload = signedIn.reloadUser;
      return <span data-testid="name">{signedIn.user.first_name}</span>;
    }
    render(
      <I18nProvider language="en">
        <SnackbarProvider>
          <SignedInDataProvider
            session={{ status: 'signed-in', user: ANNA, orga: null, orgaError: null }}
            api={api}
            subscribe={createRealtimeFeed().subscribe}
          >
            <Reader />
          </SignedInDataProvider>
        </SnackbarProvider>
      </I18nProvider>,
    );
    users.set('anna', { ...ANNA, first_name: 'Annalisa' });
    await act(() => reload());
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Annalisa'));
  });
});
