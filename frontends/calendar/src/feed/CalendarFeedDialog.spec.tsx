/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, PersonUser, ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createSchedulingApi, type FetchLike, type SchedulingApi } from '../api/scheduling-api';
import { calendarTranslator } from '../i18n/translator';
import { CalendarFeedDialog } from './CalendarFeedDialog';

const ORGA = '22222222-2222-4222-8222-222222222222';
const STORE = '33333333-3333-4333-8333-333333333333';
const ANNA = '44444444-4444-4444-8444-444444444444';

function mount(api: SchedulingApi) {
  const bridge = {
    api: {} as ApiClient,
    user: { id: ANNA } as PersonUser,
    language: 'en',
    notify: jest.fn(),
    orga: null,
  } as unknown as ShellBridge;
  const onClose = jest.fn();
  render(
    <ChakraProvider value={pawlineSystem}>
      <CalendarFeedDialog
        ctx={{ bridge, api, t: calendarTranslator('en'), subscribe: () => () => undefined, storage: null }}
        orgaId={ORGA}
        storeId={STORE}
        staff={[{ id: ANNA, first_name: 'Anna', last_name: 'Rossi' }]}
        origin="https://app.pawline.example"
        onClose={onClose}
      />
    </ChakraProvider>,
  );
  return { bridge, onClose };
}

/** The real scheduling api over a fake fetch, so the request itself is checked. */
function apiAnswering(tokens: string[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const token = tokens[calls.length - 1] ?? 'none';
    const body = JSON.stringify({ token, path: `/api/v1/public/calendar/${token}.ics` });
    return { status: 200, ok: true, statusText: 'OK', text: async () => body } as Response;
  };
  const shell = { deviceId: 'dev-a', freshAccessToken: async () => 'tok', refresh: async () => null } as unknown as ApiClient;
  return { api: createSchedulingApi({ api: shell, language: 'en', fetch }), calls };
}

const bodyOf = (call: { init: RequestInit } | undefined): unknown =>
  JSON.parse(typeof call?.init.body === 'string' ? call.init.body : 'null');

describe('Subscribe in Google/Apple Calendar (R1.15)', () => {
  it('R1.15 creates the store feed and shows the https and webcal URLs with copy buttons', async () => {
    const { api, calls } = apiAnswering(['11111111-aaaa-4aaa-8aaa-111111111111']);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { bridge } = mount(api);

    expect(screen.queryByTestId('calendar-feed-urls')).toBeNull();
    await act(async () => {
      fireEvent.click(await screen.findByTestId('calendar-feed-create'));
    });
    const http = await screen.findByTestId<HTMLInputElement>('calendar-feed-http-url');
    expect(http.value).toBe('https://app.pawline.example/api/v1/public/calendar/11111111-aaaa-4aaa-8aaa-111111111111.ics');
    expect(screen.getByTestId<HTMLInputElement>('calendar-feed-webcal-url').value).toBe(
      'webcal://app.pawline.example/api/v1/public/calendar/11111111-aaaa-4aaa-8aaa-111111111111.ics',
    );
    expect(screen.getByTestId('calendar-feed-open-webcal').getAttribute('href')).toMatch(/^webcal:\/\//);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/calendar_feed`);
    expect(calls[0]?.init.method).toBe('POST');
    expect(bodyOf(calls[0])).toEqual({}); // the store's feed: no user_id

    await act(async () => {
      fireEvent.click(screen.getByTestId('calendar-feed-webcal-copy'));
    });
    expect(writeText).toHaveBeenCalledWith('webcal://app.pawline.example/api/v1/public/calendar/11111111-aaaa-4aaa-8aaa-111111111111.ics');
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Link copied');
  });

  it("R1.15 a staff member's feed sends user_id; Regenerate asks first and then shows the new URL", async () => {
    const { api, calls } = apiAnswering(['aaaa', 'bbbb']);
    mount(api);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Calendar of' }), { target: { value: ANNA } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('calendar-feed-create'));
    });
    expect((await screen.findByTestId<HTMLInputElement>('calendar-feed-http-url')).value).toContain('/calendar/aaaa.ics');
    expect(bodyOf(calls[0])).toEqual({ user_id: ANNA });

    fireEvent.click(screen.getByTestId('calendar-feed-regenerate'));
    expect(await screen.findByText(/The current link stops working at once/)).toBeTruthy();
    expect(calls).toHaveLength(1); // nothing sent before the confirmation

    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('calendar-feed-http-url').value).toContain('/calendar/bbbb.ics'));
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls[1])).toEqual({ user_id: ANNA });
  });

  it("R1.15 shows the server's refusal inline and no URL", async () => {
    const api = { regenerateCalendarFeed: jest.fn().mockRejectedValue(new Error('You may not do this')) } as unknown as SchedulingApi;
    mount(api);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('calendar-feed-create'));
    });
    expect((await screen.findByTestId('calendar-feed-error')).textContent).toBe('You may not do this');
    expect(screen.queryByTestId('calendar-feed-urls')).toBeNull();
  });
});
