/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { API_ROUTES, ApiLayerProvider, fakeShell, type ApiLayer } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { shellTranslator } from '../i18n/translator';
import { MessagePlan } from './MessagePlan';

const t = shellTranslator('en');

function quota(tier: number, msgLeft: number, warning: string | null) {
  return { orga_id: 'o1', tier, msg_left: msgLeft, msg_entitled: 50, warning };
}

function mount(answers: ReturnType<typeof quota>[]) {
  const request = jest.fn(async (route: unknown) => {
    if (route !== API_ROUTES.getMessageQuota) throw new Error('unexpected route');
    return answers.length > 1 ? answers.shift() : answers[0];
  });
  const navigate = jest.fn();
  const warn = jest.fn();
  // the signed-in frame's data layer: its QueryClient, fed by the realtime table
  const { Shell, realtime } = fakeShell();
  const layer: ApiLayer = { http: { request } as unknown as ApiLayer['http'], feedback: { success: jest.fn(), failure: jest.fn() } };
  const view = render(
    <Shell>
      <ApiLayerProvider layer={layer}>
        <ChakraProvider value={pawlineSystem}>
          <MessagePlan orgaId="o1" t={t} navigate={navigate} warn={warn} />
        </ChakraProvider>
      </ApiLayerProvider>
    </Shell>,
  );
  const emit = (scope: string) =>
    act(() => realtime.send({ scope, channel: 'o1', store_id: null, data: 'o1', event: 'updated', user: null, device: null }));
  return { request, navigate, warn, emit, view };
}

describe('out-of-plan message dialog', () => {
  beforeEach(() => window.localStorage.clear());

  it("R4.10 R8.09 a tier above 1 with no message left sees the dialog with 'Update plan' to /{orgaId}/adminV2/plan", async () => {
    const { navigate } = mount([quota(2, 0, 'plan_limit')]);
    const dialog = await screen.findByTestId('msg-out-dialog');
    expect(dialog.textContent).toContain('No WhatsApp messages left');
    expect(dialog.textContent).toContain('The next 10 reminders this month are free, then €0.20 each');
    fireEvent.click(screen.getByTestId('msg-out-update-plan'));
    expect(navigate).toHaveBeenCalledWith('/o1/adminV2/plan');
    const month = new Date().getMonth() + 1;
    expect(window.localStorage.getItem(`msg_out_${month}`)).not.toBeNull();
  });

  it('R4.10 the trial sees it once: closed, it stays closed (msg_out), without Update plan', async () => {
    mount([quota(0, 0, 'trial_limit')]);
    const dialog = await screen.findByTestId('msg-out-dialog');
    expect(dialog.textContent).toContain('Subscribe to Premium to keep sending messages');
    expect(screen.queryByTestId('msg-out-update-plan')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('msg-out-dialog')).toBeNull());
    expect(window.localStorage.getItem('msg_out')).toBe('closed');
  });

  it('R4.10 tier 1 and a count above 0 show no dialog', async () => {
    const first = mount([quota(1, 0, 'plan_limit')]);
    await waitFor(() => expect(first.request).toHaveBeenCalled());
    first.view.unmount();
    const second = mount([quota(3, 25, null)]);
    await waitFor(() => expect(second.request).toHaveBeenCalled());
    expect(screen.queryByTestId('msg-out-dialog')).toBeNull();
  });

  it('R8.09 under 10 left warns; a plan change over realtime reads the count again', async () => {
    const { warn, request, emit } = mount([quota(2, 30, null), quota(2, 4, 'low')]);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(warn).not.toHaveBeenCalled();
    emit('subscription');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Less than 10 whatsapp messages left. Please contact us to buy more.'));
    emit('customer');
    expect(request).toHaveBeenCalledTimes(2);
  });
});
