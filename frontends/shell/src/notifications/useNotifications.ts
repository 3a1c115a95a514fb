import {
  EMPTY_NOTIFICATION_LIST,
  markSeen,
  nextPageCursor,
  notificationKey,
  NOTIFICATION_DISPLAY_MS,
  withLocalNotification,
  withNotificationPage,
  withoutNotification,
  type NotificationList,
  type ShellNotification,
} from '@pawline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotificationSource } from './notification-source';

export type NotificationToast = { key: string; title: string; text: string };

export type NotificationsState = {
  list: NotificationList;
  status: 'loading' | 'ready' | 'failed';
  error: string | null;
  loadingMore: boolean;
  /** events on screen for 5 s before they are only in the list (the history) */
  toasts: NotificationToast[];
};

export type Notifications = NotificationsState & {
  reload: () => void;
  next: () => void;
  /** R4.02 the keys that became visible (already throttled) */
  seen: (keys: string[]) => void;
  remove: (n: ShellNotification) => Promise<void>;
  /** a notification raised on this device (R4.18) */
  raiseLocal: (n: ShellNotification) => void;
  /** the server has a new notification (realtime): the first page is read again and the new ones shown */
  refreshFromServer: () => void;
  dismissToast: (key: string) => void;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The store's notification list of the bell: the first page on start, Next pages, seen marks
 * (locally, or via the server and then locally), deletes, and new ones shown for 5 seconds.
 */
export function useNotifications(source: NotificationSource | null, options: { now?: () => Date; displayMs?: number } = {}): Notifications {
  const nowRef = useRef(options.now ?? (() => new Date()));
  const now = useCallback(() => nowRef.current(), []);
  const displayMs = options.displayMs ?? NOTIFICATION_DISPLAY_MS;
  const [state, setState] = useState<NotificationsState>({
    list: EMPTY_NOTIFICATION_LIST,
    status: 'loading',
    error: null,
    loadingMore: false,
    toasts: [],
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef(new Set<string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const dismissToast = useCallback((key: string) => {
    setState((s) => ({ ...s, toasts: s.toasts.filter((toast) => toast.key !== key) }));
  }, []);

  const showToasts = useCallback(
    (items: ShellNotification[]) => {
      if (items.length === 0) return;
      const toasts = items.map((n) => ({ key: notificationKey(n), title: n.title, text: n.text }));
      setState((s) => ({ ...s, toasts: [...s.toasts.filter((t) => !toasts.some((n) => n.key === t.key)), ...toasts] }));
      // R4.05: a notification event leaves the screen after 5 seconds; it stays in the list
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setState((s) => ({ ...s, toasts: s.toasts.filter((t) => !toasts.some((n) => n.key === t.key)) }));
      }, displayMs);
      timers.current.add(timer);
    },
    [displayMs],
  );

  const loadFirst = useCallback(
    (announceNew: boolean) => {
      if (!source) return () => undefined;
      let active = true;
      if (!announceNew) setState((s) => ({ ...s, status: 'loading', error: null }));
      source.page({ last_time: '0', last_id: 'none' }).then(
        (page) => {
          if (!active) return;
          const known = new Set(stateRef.current.list.items.map(notificationKey));
          const fresh = page.items.filter((n) => n.seen === null && !known.has(notificationKey(n)));
          setState((s) => ({ ...s, status: 'ready', error: null, list: withNotificationPage(s.list, page, true) }));
          if (announceNew) showToasts(fresh);
        },
        (error: unknown) => {
          if (active && !announceNew) setState((s) => ({ ...s, status: 'failed', error: messageOf(error) }));
        },
      );
      return () => {
        active = false;
      };
    },
    [source, showToasts],
  );

  useEffect(() => loadFirst(false), [loadFirst]);

  const next = useCallback(() => {
    const current = stateRef.current;
    if (!source || current.status !== 'ready' || current.list.done || current.loadingMore) return;
    setState((s) => ({ ...s, loadingMore: true }));
    source.page(nextPageCursor(current.list)).then(
      (page) => setState((s) => ({ ...s, loadingMore: false, list: withNotificationPage(s.list, page, false) })),
      (error: unknown) => setState((s) => ({ ...s, loadingMore: false, error: messageOf(error) })),
    );
  }, [source]);

  const seen = useCallback(
    (keys: string[]) => {
      for (const key of keys) {
        const n = stateRef.current.list.items.find((item) => notificationKey(item) === key);
        if (!n || n.seen !== null || inFlight.current.has(key)) continue;
        if (n.local || !source) {
          setState((s) => ({ ...s, list: markSeen(s.list, key, now().toISOString()) }));
          continue;
        }
        inFlight.current.add(key);
        // R4.02 via the server, then locally; a failure leaves it unseen for the next time it shows
        source.markSeen(n).then(
          () => {
            inFlight.current.delete(key);
            setState((s) => ({ ...s, list: markSeen(s.list, key, now().toISOString()) }));
          },
          () => inFlight.current.delete(key),
        );
      }
    },
    [source, now],
  );

  const remove = useCallback(
    async (n: ShellNotification) => {
      // R4.04 via the server unless it was raised on this device
      if (!n.local && source) await source.remove(n);
      setState((s) => ({ ...s, list: withoutNotification(s.list, notificationKey(n)) }));
    },
    [source],
  );

  const raiseLocal = useCallback(
    (n: ShellNotification) => {
      setState((s) => ({ ...s, list: withLocalNotification(s.list, n) }));
      showToasts([n]);
    },
    [showToasts],
  );

  const refreshFromServer = useCallback(() => void loadFirst(true), [loadFirst]);

  return {
    ...state,
    reload: () => void loadFirst(false),
    next,
    seen,
    remove,
    raiseLocal,
    refreshFromServer,
    dismissToast,
  };
}
