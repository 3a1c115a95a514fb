import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/**
 * @deprecated Read with useApiQuery (libs/api-client) and show QueryState; kept only until the remotes
 * not yet moved onto the data layer (calendar, clients, settings, messages, booking-setup) are.
 *
 * Runs a loader when it changes and keeps its state for the view states (loading, ready, failed);
 * `reload` runs it again (retry, after a save). `errorText` turns a failure into the user's language.
 */
export function useLoad<T>(loader: () => Promise<T>, errorText: (error: unknown) => string) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const run = useCallback(() => {
    let active = true;
    loader().then(
      (value) => active && setLoad({ status: 'ready', value }),
      (error: unknown) => active && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [loader, errorText]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    return run();
  }, [run]);
  const reload = useCallback(() => void run(), [run]);
  return { load, reload, setLoad };
}
