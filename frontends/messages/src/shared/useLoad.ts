import { useCallback, useEffect, useState } from 'react';
import { errorText } from './messages-context';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/** Runs a loader when it changes; `reload` runs it again (retry, after a save). */
export function useLoad<T>(loader: () => Promise<T>) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const reload = useCallback(() => {
    let active = true;
    loader().then(
      (value) => active && setLoad({ status: 'ready', value }),
      (error: unknown) => active && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [loader]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    return reload();
  }, [reload]);
  return { load, reload: () => void reload(), setLoad };
}
