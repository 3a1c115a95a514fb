/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { calendarTranslator } from '../i18n/translator';
import { FakeSchedulingGateway, ORGA, renderOnDataLayer, STORE } from '../test-support/calendar-harness';
import { CalendarFeedDialog } from './CalendarFeedDialog';

const ANNA = '44444444-4444-4444-8444-444444444444';

function mount(gateway: FakeSchedulingGateway) {
  const onClose = jest.fn();
  const mounted = renderOnDataLayer(
    (bridge) => (
      <CalendarFeedDialog
        ctx={{ bridge, t: calendarTranslator('en'), storage: null }}
        at={{ orga: ORGA, store: STORE }}
        staff={[{ user_id: ANNA, first_name: 'Anna', last_name: 'Rossi' }]}
        origin="https://app.pawline.example"
        onClose={onClose}
      />
    ),
    gateway,
  );
  const calls = () => mounted.requests.filter((r) => r.method === 'POST');
  return { ...mounted, onClose, calls };
}

function apiAnswering(tokens: string[]) {
  const gateway = new FakeSchedulingGateway();
  gateway.feedTokens = [...tokens];
  return gateway;
}

describe('Subscribe in Google/Apple Calendar (R1.15)', () => {
  it('R1.15 creates the store feed and shows the https and webcal URLs with copy buttons', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { bridge, calls } = mount(apiAnswering(['11111111-aaaa-4aaa-8aaa-111111111111']));

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

    expect(calls()).toHaveLength(1);
    expect(calls()[0]?.path).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/calendar_feed`);
    expect(calls()[0]?.body).toEqual({}); // the store's feed: no user_id

    await act(async () => {
      fireEvent.click(screen.getByTestId('calendar-feed-webcal-copy'));
    });
    expect(writeText).toHaveBeenCalledWith('webcal://app.pawline.example/api/v1/public/calendar/11111111-aaaa-4aaa-8aaa-111111111111.ics');
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Link copied');
  });

  it("R1.15 a staff member's feed sends user_id; Regenerate asks first and then shows the new URL", async () => {
    const { calls } = mount(apiAnswering(['aaaa', 'bbbb']));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Calendar of' }), { target: { value: ANNA } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('calendar-feed-create'));
    });
    expect((await screen.findByTestId<HTMLInputElement>('calendar-feed-http-url')).value).toContain('/calendar/aaaa.ics');
    expect(calls()[0]?.body).toEqual({ user_id: ANNA });

    fireEvent.click(screen.getByTestId('calendar-feed-regenerate'));
    expect(await screen.findByText(/The current link stops working at once/)).toBeTruthy();
    expect(calls()).toHaveLength(1); // nothing sent before the confirmation

    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('calendar-feed-http-url').value).toContain('/calendar/bbbb.ics'));
    expect(calls()).toHaveLength(2);
    expect(calls()[1]?.body).toEqual({ user_id: ANNA });
  });

  it("R1.15 shows the server's refusal inline and no URL", async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.failures = [
      { method: 'POST', path: /calendar_feed$/, status: 403, body: { code: 'forbidden', message: 'You may not do this' } },
    ];
    const { bridge } = mount(gateway);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('calendar-feed-create'));
    });
    expect((await screen.findByTestId('calendar-feed-error')).textContent).toBe('You may not do this');
    expect(screen.queryByTestId('calendar-feed-urls')).toBeNull();
    // shown in the dialog only, not a second time as a snackbar
    expect(bridge.notify).not.toHaveBeenCalled();
  });
});
