import { WidgetApiError } from './public-api';
import { failureText, WidgetRequest } from './widget-request';
import { translator } from './i18n';

const later = <T>() => {
  let settle!: { ok: (value: T) => void; fail: (error: unknown) => void };
  const promise = new Promise<T>((ok, fail) => (settle = { ok, fail }));
  return { promise, ...settle };
};

describe('WidgetRequest', () => {
  it('is loading while the call runs, then ready with its value; each change is told', async () => {
    const changes: string[] = [];
    const request = new WidgetRequest<number>(() => changes.push(request.state.status));
    const call = later<number>();
    const run = request.run(() => call.promise);
    expect(request.loading).toBe(true);
    call.ok(7);
    expect(await run).toEqual({ stale: false, state: { status: 'ready', value: 7 } });
    expect(changes).toEqual(['loading', 'ready']);
  });

  it('a failure is a WidgetApiError (anything else: unknown)', async () => {
    const request = new WidgetRequest<number>();
    const taken = new WidgetApiError(409, 'slot_taken', 'Già prenotato.');
    expect(await request.run(() => Promise.reject(taken))).toEqual({ stale: false, state: { status: 'failed', error: taken } });
    const odd = await request.run(() => Promise.reject(new Error('boom')));
    expect(!odd.stale && odd.state.status === 'failed' && odd.state.error.code).toBe('unknown');
  });

  it('the newest run wins: an older answer arriving later is dropped, and its call learns it is no longer current', async () => {
    const request = new WidgetRequest<string>();
    const first = later<string>();
    const second = later<string>();
    let firstCurrent: () => boolean = () => true;
    const older = request.run((current) => {
      firstCurrent = current;
      return first.promise;
    });
    const newer = request.run(() => second.promise);
    expect(firstCurrent()).toBe(false);
    second.ok('new week');
    first.ok('old week');
    expect(await older).toEqual({ stale: true });
    expect(await newer).toEqual({ stale: false, state: { status: 'ready', value: 'new week' } });
    expect(request.state).toEqual({ status: 'ready', value: 'new week' });
  });

  it('drop() makes the call under way stale (a 409 brought the week)', async () => {
    const request = new WidgetRequest<string>();
    const call = later<string>();
    const run = request.run(() => call.promise);
    request.drop();
    call.ok('late');
    expect(await run).toEqual({ stale: true });
  });
});

describe('failureText', () => {
  const t = translator('it');
  it('says a failure in the widget language, the server’s message where it sent one', () => {
    expect(failureText(t, new WidgetApiError(429, 'rate_limited', ''))).toBe(t('rate_limited'));
    expect(failureText(t, new WidgetApiError(0, 'network', 'Failed to fetch'))).toBe(t('network'));
    expect(failureText(t, new WidgetApiError(409, 'slot_taken', ''))).toBe(t('slotTaken'));
    expect(failureText(t, new WidgetApiError(400, 'invalid', 'Telefono non valido.'))).toBe('Telefono non valido.');
    expect(failureText(t, new Error('x'))).toBe(t('unknown'));
  });
});
