import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MessagesRoutes } from '../routes';

// What the messages remote's page tests share: ids, the signed-in person with a rank, a fake
// gateway behind fetch, and the remote mounted where the shell mounts it.

export const ORGA = '22222222-2222-4222-8222-222222222222';
export const STORE = '33333333-3333-4333-8333-333333333333';
export const CUSTOMER = '44444444-4444-4444-8444-444444444444';
export const BASE = `/${ORGA}/store/${STORE}/messages`;

/** Answers a request; undefined is a 404. A promise that never settles keeps the page loading. */
export type Handler = (url: URL, method: string, body: unknown) => { status?: number; body: unknown } | undefined | Promise<never>;
export type SentRequest = { method: string; path: string; body: unknown };

/** rank 1: an administrator (edits); rank 3: a worker (reads; writes the store with the default minimum ranks). */
export function mountMessages({
  path,
  handler,
  rank = 1,
  language = 'en',
  minRankWriteStore = 4,
}: {
  path: string;
  handler: Handler;
  rank?: number;
  language?: ShellBridge['language'];
  /** the organization's minimum rank to write a store */
  minRankWriteStore?: number;
}) {
  const requests: SentRequest[] = fakeGatewayFetch(({ method, body }, url) => handler(url, method, body));
  // a fresh QueryClient per mount, and the realtime feed applying the invalidation table to it, as the shell does
  const { Shell, realtime, client } = fakeShell();
  const user = personUserOf({ id: 'u1', email: 'ada@example.com', language, orga_id: ORGA, created_at: '2026-11-01T00:00:00Z' });
  const bridge: ShellBridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn().mockResolvedValue(null),
    } as unknown as ApiClient,
    user,
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    orga: organizationOf({
      id: ORGA,
      min_rank_write_store: minRankWriteStore,
      stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main' })],
      users: [organizationUserOf({ user_id: 'u1', orga_id: ORGA, orga_rank: rank, employee_status: 1, active: true })],
    }),
    subscribe: realtime.subscribe,
  };
  const router = createMemoryRouter([{ path: '/:orgaId/store/:storeId/messages/*', element: <MessagesRoutes {...bridge} /> }], {
    initialEntries: [path],
  });
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({ scope: 'answer', channel: ORGA, store_id: STORE, data: null, event: 'received', user: null, device: null, ...m }),
    );
  return { bridge, router, requests, emit, client };
}

export function answerRow(i: number, extra: Record<string, unknown> = {}) {
  return {
    answer_id: `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    answer_time: new Date(Date.UTC(2026, 10, 24, 10) - i * 60_000).toISOString(),
    first_name: 'Maria',
    last_name: `Bianchi ${i}`,
    fon: '+39 333 1234567',
    text: `Hello ${i}`,
    attachments: -1,
    customer_id: CUSTOMER,
    store_id: STORE,
    kind: 'text',
    button: null,
    appointment_id: null,
    ...extra,
  };
}

export function templateRow(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    orga_id: null,
    template_type: 0,
    name: 'appointment_reminder',
    title: 'Appointment reminder',
    template_text: 'Hello {{1}}, {{2}} is expected on {{3}} at {{4}}.',
    variables_str: 'first_name/pet_name/date/time',
    button: 1,
    frequency: 'day_before',
    status: 'approved',
    language: 'en',
    built_in: true,
    updated_at: null,
    ...extra,
  };
}

export const TEMPLATE_0 = '50000000-0000-4000-8000-000000000000';
export const TEMPLATE_1 = '50000000-0000-4000-8000-000000000001';
export const TEMPLATE_2 = '50000000-0000-4000-8000-000000000002';
export const TEMPLATE_4 = '50000000-0000-4000-8000-000000000004';

export function settingsRow(extra: Record<string, unknown> = {}) {
  return {
    orga_id: ORGA,
    appointment_reminder_enabled: 1,
    message_template: TEMPLATE_0,
    msg_slot: '12:00',
    message_template_addition: '',
    pre_appointment_reminder_enabled: 2,
    pre_appointment_template: TEMPLATE_4,
    pre_appointment_msg_slot: '12:00',
    pre_appointment_days: 2,
    pre_appointment_template_additions: '',
    birthday_enabled: 2,
    birthday_template: TEMPLATE_1,
    birthday_msg_slot: '10:00',
    reminder_to_book_enabled: 2,
    reminder_to_book_template: TEMPLATE_2,
    reminder_to_book_msg_slot: '10:00',
    reminder_to_book_frequency: 'quarterly',
    language: 'en',
    auto_msg: false,
    updated_at: '2026-11-20T10:00:00Z',
    ...extra,
  };
}
