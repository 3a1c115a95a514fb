import type { Translate } from './i18n';
import { WidgetApiError } from './public-api';

// The widget's one way to call the public API from a screen: the call's state (loading, ready, failed)
// for the screen to show, and only the newest call of a kind counts (a week asked for after another
// one wins, whichever answers first).

export type RequestState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: WidgetApiError };

/** What a run ended in; `stale` when a newer run (or `drop`) replaced it: its answer is ignored. */
export type RequestOutcome<T> = { stale: true } | { stale: false; state: Exclude<RequestState<T>, { status: 'idle' | 'loading' }> };

export class WidgetRequest<T> {
  state: RequestState<T> = { status: 'idle' };
  private generation = 0;

  /** `changed` runs when the state does (the app renders). */
  constructor(private readonly changed: () => void = () => undefined) {}

  get loading(): boolean {
    return this.state.status === 'loading';
  }

  /**
   * Runs the call: loading, then ready or failed (an ApiError of the widget), unless a newer run came first.
   * The call gets `current()`: false once a newer run started (a call of several requests stops asking).
   */
  async run(call: (current: () => boolean) => Promise<T>): Promise<RequestOutcome<T>> {
    const generation = (this.generation += 1);
    const current = () => generation === this.generation;
    this.state = { status: 'loading' };
    this.changed();
    let state: RequestState<T>;
    try {
      state = { status: 'ready', value: await call(current) };
    } catch (error) {
      state = { status: 'failed', error: asApiError(error) };
    }
    if (!current()) return { stale: true };
    this.state = state;
    this.changed();
    return { stale: false, state };
  }

  /** Forgets the call under way: its answer will not count (the screen got its data another way). */
  drop(): void {
    this.generation += 1;
  }
}

export function asApiError(error: unknown): WidgetApiError {
  if (error instanceof WidgetApiError) return error;
  return new WidgetApiError(0, 'unknown', '');
}

/** A failure in the widget's language: the server's message where it sent one. */
export function failureText(t: Translate, error: unknown): string {
  const failure = asApiError(error);
  if (failure.code === 'rate_limited' || failure.status === 429) return t('rate_limited');
  if (failure.code === 'network') return t('network');
  if (failure.code === 'slot_taken') return failure.message || t('slotTaken');
  return failure.message || t('unknown');
}
