import { useEffect, useState } from 'react';

/** The current time, moving on every `intervalMs` (the countdowns and the block follow the clock without a reload). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
