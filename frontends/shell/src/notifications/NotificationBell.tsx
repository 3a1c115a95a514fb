import { Box, IconButton } from '@chakra-ui/react';
import { notificationTarget, type ShellNotification } from '@pawline/domain';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { NotificationPanel, type ObserverFactory } from './NotificationPanel';
import type { Notifications } from './useNotifications';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true">
      <path d="M12 22c1.1 0 2-.9 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1l-2-2z" />
    </svg>
  );
}

export type NotificationBellProps = {
  notifications: Notifications;
  t: Translate;
  timeText: (iso: string) => string;
  navigate: (to: string) => void;
  onError: (message: string) => void;
  observe?: ObserverFactory;
};

/** R2.07 the top bar's bell with the count of new notifications; opens the panel. */
export function NotificationBell({ notifications, t, timeText, navigate, onError, observe }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const count = notifications.list.newCount;
  // R4.03 a customer message opens the messages page, a booking request the booking page
  const onOpen = (n: ShellNotification) => {
    const target = notificationTarget(n);
    if (!target) return;
    setOpen(false);
    navigate(target);
  };
  return (
    <Box position="relative">
      <IconButton
        aria-label={count > 0 ? `${t('shell.notifications')} (${count})` : t('shell.notifications')}
        aria-expanded={open}
        data-testid="notification-bell"
        variant="ghost"
        color="white"
        _hover={{ bg: 'brand.600' }}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
      </IconButton>
      {count > 0 ? (
        <Box
          data-testid="notification-count"
          position="absolute"
          top="2px"
          right="2px"
          minW="18px"
          h="18px"
          px="1"
          borderRadius="full"
          bg="red.500"
          color="white"
          fontSize="11px"
          fontWeight="bold"
          lineHeight="18px"
          textAlign="center"
          pointerEvents="none"
        >
          {count > 99 ? '99+' : count}
        </Box>
      ) : null}
      {open ? (
        <NotificationPanel
          notifications={notifications}
          t={t}
          timeText={timeText}
          onOpen={onOpen}
          onClose={() => setOpen(false)}
          observe={observe}
          onDeleteFailed={onError}
        />
      ) : null}
    </Box>
  );
}
