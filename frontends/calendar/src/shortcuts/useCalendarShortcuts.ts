import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutAction } from './calendar-shortcuts';

/**
 * Runs the calendar's keys while the page is shown (issue 29). The latest handler is called, so the page may pass
 * a new one on each render without the listener being added again.
 */
export function useCalendarShortcuts(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = shortcutOf(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
