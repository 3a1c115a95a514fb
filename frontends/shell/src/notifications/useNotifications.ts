import {
  EMPTY_NOTIFICATION_LIST,
  markSeen,
  notificationKey,
  NOTIFICATION_DISPLAY_MS,
  PAGE_SIZES,
  withLocalNotification,
  withNotificationPage,
  withoutNotification,
  type NotificationList,
  type ShellNotification,
} from '@pawline/domain';
import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NotificationPage, NotificationSource } from './notification-source';

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
  dismissToast: (key: string) => void;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Cursor = { last_time: string; last_id: string };
const FIRST_PAGE: Cursor = { last_time: '0', last_id: 'none' };

/** What this device did to the list since it was read: notifications raised here, seen marks and deletes. */
type LocalChanges = { raised: ShellNotification[]; seen: ReadonlyMap<string, string>; removed: ReadonlySet<string> };
const NO_CHANGES: LocalChanges = { raised: [], seen: new Map(), removed: new Set() };

/** The list as shown: the server's pages (first page first), with this device's own changes on top. */
function shownList(pages: readonly NotificationPage[], local: LocalChanges): NotificationList {
  let list = local.raised.reduce(withLocalNotification, EMPTY_NOTIFICATION_LIST);
  pages.forEach((page, index) => (list = withNotificationPage(list, page, index === 0)));
  for (const [key, at] of local.seen) list = markSeen(list, key, at);
  for (const key of local.removed) list = withoutNotification(list, key);
  return list;
}

/**
 * The store's notification list of the bell, a query of the shell's QueryClient under `key` (the
 * listNotifications pages key, so the realtime table's `notification` scope reads it again): the first page
 * on start, Next pages, seen marks (locally, or via the server and then locally), deletes, and the new ones a
 * refetch brings shown for 5 seconds.
 */
export function useNotifications(
  source: NotificationSource | null,
  options: { key: QueryKey; now?: () => Date; displayMs?: number },
): Notifications {
  const nowRef = useRef(options.now ?? (() => new Date()));
  const now = useCallback(() => nowRef.current(), []);
  const displayMs = options.displayMs ?? NOTIFICATION_DISPLAY_MS;
  const pages = useInfiniteQuery<NotificationPage, Error, InfiniteData<NotificationPage, Cursor>, QueryKey, Cursor>({
    queryKey: options.key,
    enabled: source !== null,
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam }) => (source ? source.page(pageParam) : Promise.resolve({ items: [], new_notifications: 0 })),
    // R4.22 R9.05: Next after the last one, until a page comes back shorter than 50
    getNextPageParam: (page) => {
      const last = page.items.at(-1);
      return last && page.items.length >= PAGE_SIZES.notifications ? { last_time: last.time, last_id: last.id } : undefined;
    },
  });
  const [local, setLocal] = useState<LocalChanges>(NO_CHANGES);
  const [toasts, setToasts] = useState<NotificationToast[]>([]);
  const list = useMemo(() => shownList(pages.data?.pages ?? [], local), [pages.data, local]);
  const listRef = useRef(list);
  listRef.current = list;
  const inFlight = useRef(new Set<string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const dismissToast = useCallback((key: string) => setToasts((shown) => shown.filter((toast) => toast.key !== key)), []);

  const showToasts = useCallback(
    (items: ShellNotification[]) => {
      if (items.length === 0) return;
      const added = items.map((n) => ({ key: notificationKey(n), title: n.title, text: n.text }));
      setToasts((shown) => [...shown.filter((toast) => !added.some((n) => n.key === toast.key)), ...added]);
      // R4.05: a notification event leaves the screen after 5 seconds; it stays in the list
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setToasts((shown) => shown.filter((toast) => !added.some((n) => n.key === toast.key)));
      }, displayMs);
      timers.current.add(timer);
    },
    [displayMs],
  );

  // R4.05 the unseen ones a refetch of the first page brings (a realtime `notification`) are shown for 5 s
  const firstPage = pages.data?.pages[0];
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!firstPage) return;
    const keys = firstPage.items.map(notificationKey);
    if (known.current === null) {
      known.current = new Set([...keys, ...listRef.current.items.map(notificationKey)]);
      return;
    }
    const seenBefore = known.current;
    showToasts(firstPage.items.filter((n) => n.seen === null && !seenBefore.has(notificationKey(n))));
    keys.forEach((key) => seenBefore.add(key));
  }, [firstPage, showToasts]);

  const seen = useCallback(
    (keys: string[]) => {
      const mark = (key: string) => setLocal((l) => ({ ...l, seen: new Map(l.seen).set(key, now().toISOString()) }));
      for (const key of keys) {
        const n = listRef.current.items.find((item) => notificationKey(item) === key);
        if (!n || n.seen !== null || inFlight.current.has(key)) continue;
        if (n.local || !source) {
          mark(key);
          continue;
        }
        inFlight.current.add(key);
        // R4.02 via the server, then locally; a failure leaves it unseen for the next time it shows
        source.markSeen(n).then(
          () => {
            inFlight.current.delete(key);
            mark(key);
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
      setLocal((l) => ({ ...l, removed: new Set(l.removed).add(notificationKey(n)) }));
    },
    [source],
  );

  const raiseLocal = useCallback(
    (n: ShellNotification) => {
      const key = notificationKey(n);
      setLocal((l) => ({ ...l, raised: [...l.raised, n], removed: new Set([...l.removed].filter((k) => k !== key)) }));
      known.current?.add(key);
      showToasts([n]);
    },
    [showToasts],
  );

  const failed = pages.status === 'error' && !pages.data;
  return {
    list,
    status: pages.status === 'pending' ? 'loading' : failed ? 'failed' : 'ready',
    error: failed || pages.isFetchNextPageError ? messageOf(pages.error) : null,
    loadingMore: pages.isFetchingNextPage,
    toasts,
    reload: () => void pages.refetch(),
    next: () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
    seen,
    remove,
    raiseLocal,
    dismissToast,
  };
}
