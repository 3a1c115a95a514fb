import { Box, Button, CloseButton, Flex, Heading, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { createVisibilityThrottle, NOTIFICATION_PANEL, notificationKey, type ShellNotification } from '@pawline/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Translate } from '../i18n/translator';
import type { Notifications } from './useNotifications';

/** The browser's IntersectionObserver; a fake in the tests (jsdom has none). */
export type ObserverFactory = (callback: IntersectionObserverCallback, options: IntersectionObserverInit) => IntersectionObserver;

// A browser without IntersectionObserver counts a row as seen once it is in the open panel.
const defaultObserver: ObserverFactory = (callback, options) =>
  typeof IntersectionObserver === 'function'
    ? new IntersectionObserver(callback, options)
    : ({
        observe: (target: Element) => callback([{ target, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
        unobserve: () => undefined,
        disconnect: () => undefined,
      } as unknown as IntersectionObserver);

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" aria-hidden="true">
      <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
    </svg>
  );
}

export type NotificationPanelProps = {
  notifications: Notifications;
  t: Translate;
  /** formats a notification's time for the user */
  timeText: (iso: string) => string;
  onOpen: (n: ShellNotification) => void;
  onClose: () => void;
  observe?: ObserverFactory;
  onDeleteFailed: (message: string) => void;
};

/**
 * R4.02–R4.04 R9.07 the notification panel: at most 600 × 500 px, texts 300 px wide, paged with
 * Next. An unseen notification is marked seen once it is on screen (throttled 300 ms).
 */
export function NotificationPanel({
  notifications,
  t,
  timeText,
  onOpen,
  onClose,
  observe = defaultObserver,
  onDeleteFailed,
}: NotificationPanelProps) {
  const seenRef = useRef(notifications.seen);
  seenRef.current = notifications.seen;
  const throttle = useMemo(() => createVisibilityThrottle((keys) => seenRef.current(keys)), []);
  const observer = useRef<IntersectionObserver | null>(null);
  // Made on first use: the rows' effects run before the panel's own. The root is the viewport;
  // the panel's scrolling box clips what is out of view, so a hidden row does not intersect.
  const getObserver = useCallback(() => {
    observer.current ??= observe(
      (entries) => {
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.notificationKey;
          if (entry.isIntersecting && key) throttle.seen(key);
        }
      },
      { threshold: 0.5 },
    );
    return observer.current;
  }, [observe, throttle]);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
      throttle.cancel();
    },
    [throttle],
  );

  const { list, status } = notifications;
  return (
    <Box
      role="dialog"
      aria-label={t('shell.notifications')}
      data-testid="notification-panel"
      position="absolute"
      top="100%"
      right="0"
      mt="1"
      w={`min(${NOTIFICATION_PANEL.maxWidth}px, calc(100vw - 16px))`}
      maxW={`${NOTIFICATION_PANEL.maxWidth}px`}
      bg="bg"
      color="fg"
      borderRadius="md"
      boxShadow="xl"
      zIndex={1300}
    >
      <Flex align="center" justify="space-between" px="3" py="2" borderBottomWidth="1px">
        <Heading size="sm">{t('shell.notifications')}</Heading>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={onClose} />
      </Flex>
      <Box maxH={`${NOTIFICATION_PANEL.maxHeight - 48}px`} overflowY="auto" p="2">
        {status === 'loading' ? (
          <Flex justify="center" py="6" role="status" data-testid="notifications-loading">
            <Spinner />
          </Flex>
        ) : null}
        {status === 'failed' ? (
          <Stack py="4" align="center" role="alert" data-testid="notifications-error">
            <Text>{t('shell.notificationsFailed')}</Text>
            {notifications.error ? (
              <Text fontSize="sm" color="fg.muted">
                {notifications.error}
              </Text>
            ) : null}
            <Button size="sm" variant="outline" onClick={notifications.reload}>
              {t('common.retry')}
            </Button>
          </Stack>
        ) : null}
        {status === 'ready' && list.items.length === 0 ? (
          <Text py="6" textAlign="center" color="fg.muted" data-testid="notifications-empty">
            {t('shell.notificationsEmpty')}
          </Text>
        ) : null}
        {status === 'ready'
          ? list.items.map((n) => (
              <NotificationRow
                key={notificationKey(n)}
                n={n}
                t={t}
                timeText={timeText}
                getObserver={getObserver}
                onOpen={onOpen}
                onDelete={() =>
                  void notifications
                    .remove(n)
                    .catch((error: unknown) => onDeleteFailed(error instanceof Error ? error.message : String(error)))
                }
              />
            ))
          : null}
        {status === 'ready' && !list.done ? (
          <Flex justify="center" pt="2">
            <Button
              size="sm"
              variant="outline"
              loading={notifications.loadingMore}
              onClick={notifications.next}
              data-testid="notifications-next"
            >
              {t('shell.notificationsNext')}
            </Button>
          </Flex>
        ) : null}
      </Box>
    </Box>
  );
}

function NotificationRow({
  n,
  t,
  timeText,
  getObserver,
  onOpen,
  onDelete,
}: {
  n: ShellNotification;
  t: Translate;
  timeText: (iso: string) => string;
  getObserver: () => IntersectionObserver;
  onOpen: (n: ShellNotification) => void;
  onDelete: () => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const unseen = n.seen === null;
  useEffect(() => {
    const element = row.current;
    if (!unseen || !element) return undefined;
    const current = getObserver();
    current.observe(element);
    return () => current.unobserve(element);
  }, [unseen, getObserver]);
  return (
    <Flex
      ref={row}
      data-testid="notification"
      data-notification-key={notificationKey(n)}
      data-seen={unseen ? 'false' : 'true'}
      align="flex-start"
      gap="2"
      px="2"
      py="2"
      borderRadius="md"
      bg={unseen ? 'brand.50' : undefined}
      _hover={{ bg: 'bg.muted' }}
    >
      <Box as="button" flex="1" textAlign="left" cursor="pointer" onClick={() => onOpen(n)} data-testid="notification-open">
        <Text fontWeight={unseen ? 'bold' : 'semibold'} fontSize="sm">
          {n.title}
        </Text>
        <Text fontSize="sm" w={`${NOTIFICATION_PANEL.textWidth}px`} maxW="100%" whiteSpace="pre-line">
          {n.text}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {timeText(n.time)}
        </Text>
      </Box>
      <IconButton size="xs" variant="ghost" aria-label={t('shell.notificationDelete')} onClick={onDelete} data-testid="notification-delete">
        <TrashIcon />
      </IconButton>
    </Flex>
  );
}
