import type { RealtimeMessage } from '@pawline/api-client';
import { calendarPageOf, realtimeSubscribe } from './routes';

describe('calendar routes', () => {
  it('R2.01 /{orgaId}/store/{storeId} is the calendar and /recurring the recurring appointments', () => {
    expect(calendarPageOf('/o1/store/s1')).toEqual({ page: 'calendar', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/')).toEqual({ page: 'calendar', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/recurring')).toEqual({ page: 'recurring', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/pet')).toEqual({ page: 'none' });
    expect(calendarPageOf('/o1/store')).toEqual({ page: 'none' });
  });

  it("R4.17 listens over the shell's one connection (bridge.subscribe) and unsubscribes through it", () => {
    const listeners = new Set<(m: RealtimeMessage) => void>();
    const subscribe = realtimeSubscribe({
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
    const seen: string[] = [];
    const off = subscribe((m) => seen.push(m.event));
    expect(listeners.size).toBe(1);
    for (const listener of listeners)
      listener({ scope: 'appointment', channel: 'o1', store_id: 's1', data: 'a1', event: 'deleted', user: null, device: null });
    expect(seen).toEqual(['deleted']);
    off();
    expect(listeners.size).toBe(0);
  });

  it('a shell without bridge.subscribe gives no live feed and opens no socket of its own', () => {
    const off = realtimeSubscribe({})(() => undefined);
    expect(typeof off).toBe('function');
    off();
  });
});
