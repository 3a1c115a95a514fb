/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { Organization } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { SubscriptionGate } from './SubscriptionBlock';
import { DAY, salon, until } from './subscription-fixtures';
import { subscriptionStanding } from './subscription-standing';

function mount(options: { orga: Organization; userId: string; path: string; now?: number; paid?: Organization; language?: 'en' | 'it' }) {
  const onLogout = jest.fn();
  const recheck = jest.fn();
  function Frame() {
    const [orga, setOrga] = useState(options.orga);
    const standing = subscriptionStanding(orga, options.userId, new Date(options.now ?? until + DAY));
    return (
      <SubscriptionGate
        standing={standing}
        onLogout={onLogout}
        recheck={async () => {
          recheck();
          if (options.paid) setOrga(options.paid);
        }}
      >
        <Routes>
          <Route path="/:orgaId/store/:storeId" element={<p data-testid="calendar">calendar</p>} />
          <Route path="/:orgaId/payment" element={<p data-testid="payment">payment</p>} />
          <Route path="/:orgaId/adminV2/plan" element={<p data-testid="plan">plan</p>} />
        </Routes>
      </SubscriptionGate>
    );
  }
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language={options.language ?? 'en'}>
        <MemoryRouter initialEntries={[options.path]}>
          <Frame />
        </MemoryRouter>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { onLogout, recheck };
}

describe('the block of an expired trial (spec §4, §6)', () => {
  it('R4.09 an administrator sees the block instead of the page, leading to Subscribe and Update plan', async () => {
    const { onLogout } = mount({ orga: salon(), userId: 'owner', path: '/o1/store/s1' });
    const block = screen.getByTestId('subscription-block');
    expect(screen.queryByTestId('calendar')).toBeNull();
    expect(block.getAttribute('data-access')).toBe('subscribe');
    expect(block.textContent).toContain('Your free trial has ended');
    expect(block.textContent).toContain('Your premium features have expired');
    expect(screen.getByTestId('subscription-block-text').textContent).toBe('Subscribe to Premium to keep using Pawline.');
    expect(screen.getByTestId('subscription-block-subscribe').getAttribute('href')).toBe('/o1/payment');
    expect(screen.getByTestId('subscription-block-plan').getAttribute('href')).toBe('/o1/adminV2/plan');
    fireEvent.click(screen.getByTestId('subscription-block-subscribe'));
    expect(await screen.findByTestId('payment')).toBeTruthy();
    expect(screen.queryByTestId('subscription-block')).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('R4.09 the payment and plan pages stay reachable for administrators', () => {
    mount({ orga: salon(), userId: 'admin', path: '/o1/adminV2/plan' });
    expect(screen.getByTestId('plan')).toBeTruthy();
    expect(screen.queryByTestId('subscription-block')).toBeNull();
  });

  it('R6.07 R1.24 an employee is told to ask the shop administrator, with no way to subscribe, and can log out', () => {
    const { onLogout } = mount({ orga: salon(), userId: 'lia', path: '/o1/payment', language: 'it' });
    const block = screen.getByTestId('subscription-block');
    expect(screen.queryByTestId('payment')).toBeNull();
    expect(block.getAttribute('data-access')).toBe('ask_administrator');
    expect(screen.getByTestId('subscription-block-text').textContent).toBe(
      "Puoi usare il tuo account solo mentre Premium è attivo. Chiedi all'amministratore del tuo negozio di acquistarlo.",
    );
    expect(screen.queryByTestId('subscription-block-subscribe')).toBeNull();
    expect(screen.queryByTestId('subscription-block-plan')).toBeNull();
    fireEvent.click(screen.getByTestId('subscription-block-logout'));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('R4.09 a lapsed Premium is named as an expired subscription', () => {
    mount({ orga: salon({ subscribed_since: '2026-10-01T00:00:00.000Z' }), userId: 'lia', path: '/o1/store/s1' });
    expect(screen.getByTestId('subscription-block').textContent).toContain('Your subscription has expired.');
  });

  it('R4.09 while the trial runs the page shows', () => {
    mount({ orga: salon(), userId: 'lia', path: '/o1/store/s1', now: until - DAY });
    expect(screen.getByTestId('calendar')).toBeTruthy();
    expect(screen.queryByTestId('subscription-block')).toBeNull();
  });

  it('reads the organization again while it blocks, and lifts once it is paid (a payment made on this device)', async () => {
    const paid = salon({
      tier: 4,
      subscribed_since: new Date(until + DAY).toISOString(),
      subscribed_until: new Date(until + 30 * DAY).toISOString(),
    });
    const { recheck } = mount({ orga: salon(), userId: 'owner', path: '/o1/store/s1', paid });
    expect(await screen.findByTestId('calendar')).toBeTruthy();
    expect(recheck).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('subscription-block')).toBeNull());
  });
});
