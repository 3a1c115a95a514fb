import { API_ROUTES, routePath } from '@pawline/api-client';
import { bookingHttpRoutes } from '@pawline/contracts';
import { publicApi, takenAvailability, WidgetApiError } from './public-api';

const availability = { duration: 60, days: [{ date: '2026-12-02', slots: [] }] };

describe('the public booking API as the widget calls it', () => {
  it('calls the five declared public routes at the script’s origin', async () => {
    const seen: string[] = [];
    const api = publicApi({
      origin: 'https://pawline.test',
      publicId: 'abcdefgh12345678',
      language: () => 'it',
      fetch: async (input, init) => {
        seen.push(`${String(init.method)} ${input} ${String(init.credentials)}`);
        return { ok: true, status: 200, statusText: '', text: async () => '{"outcome":"booked"}' } as unknown as Response;
      },
    });
    await api.store();
    await api.checkCustomer('+39 333 1', 'Rossi');
    await api.challenge();
    const names = ['getPublicBookingStore', 'checkPublicCustomer', 'getPublicChallenge'] as const;
    expect(seen).toEqual(
      names.map(
        (name) =>
          `${bookingHttpRoutes[name].method.toUpperCase()} https://pawline.test${routePath(API_ROUTES[name], { public_id: 'abcdefgh12345678' })} omit`,
      ),
    );
  });

  it('finds the fresh slots of a 409 where the gateway puts them', () => {
    expect(takenAvailability({ code: 'slot_taken', message: 'x', availability })).toEqual(availability);
    expect(takenAvailability({ code: 'slot_taken', message: 'x', details: { availability } })).toEqual(availability);
    expect(takenAvailability({ code: 'slot_taken', message: 'x' })).toBeNull();
    expect(takenAvailability('text')).toBeNull();
  });

  it('turns a fetch that throws into code network and a 429 into rate_limited', async () => {
    const failing = publicApi({
      origin: '',
      publicId: 'abcdefgh12345678',
      language: () => 'en',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(failing.store()).rejects.toMatchObject({ status: 0, code: 'network' });
    const limited = publicApi({
      origin: '',
      publicId: 'abcdefgh12345678',
      language: () => 'en',
      fetch: async () =>
        ({ ok: false, status: 429, statusText: 'Too Many Requests', text: async () => 'slow down' }) as unknown as Response,
    });
    const error = await limited.challenge().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WidgetApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});
