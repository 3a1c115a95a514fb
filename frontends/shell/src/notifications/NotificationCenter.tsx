import { apiPagesKey, type ApiClient, type Language, type RealtimeMessage } from '@pawline/api-client';
import { useEffect, useMemo, useRef } from 'react';
import type { Translate } from '../i18n/translator';
import { bookingNotification, customerBookedSlot } from './booking-notification';
import { customerChangedAppointment, declinedNotification } from './declined-notification';
import { NotificationBell } from './NotificationBell';
import type { ObserverFactory } from './NotificationPanel';
import { notificationSource } from './notification-api';
import { NotificationToasts } from './NotificationToasts';
import { useNotifications } from './useNotifications';

export type NotificationCenterProps = {
  api: Pick<ApiClient, 'request'>;
  orgaId: string;
  storeId: string;
  language: Language;
  t: Translate;
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void;
  navigate: (to: string) => void;
  onError: (message: string) => void;
  observe?: ObserverFactory;
};

/**
 * The store's notifications in the top bar: the bell and its panel, new ones shown for 5 seconds (R4.01–R4.05).
 * The server's list is kept current by the realtime table; the notifications this device raises itself
 * (R4.18 a customer's decline, R4.19 a booking request) are read here from the messages that announce them.
 */
export function NotificationCenter({ api, orgaId, storeId, language, t, subscribe, navigate, onError, observe }: NotificationCenterProps) {
  const source = useMemo(() => notificationSource(api, orgaId, storeId, t), [api, orgaId, storeId, t]);
  // keyed as the realtime table knows it: a `notification` message of this store reads it again (R4.05)
  const key = useMemo(
    () => apiPagesKey('listNotifications', { params: { orga: orgaId, store: storeId, anchor: '0', qualifier: 'none' } }),
    [orgaId, storeId],
  );
  const notifications = useNotifications(source, { key });
  const live = useRef(notifications);
  live.current = notifications;

  useEffect(
    () =>
      subscribe((message) => {
        const appointmentId = customerChangedAppointment(message, storeId);
        if (appointmentId) {
          declinedNotification(api, orgaId, storeId, appointmentId, t, new Date()).then(
            (n) => n && live.current.raiseLocal(n),
            () => undefined,
          );
          return;
        }
        // R4.19 a customer's booking request raises 'New booking request received' on every page
        const slotId = customerBookedSlot(message, storeId);
        if (slotId) {
          bookingNotification(api, orgaId, storeId, slotId, t, new Date()).then(
            (n) => n && live.current.raiseLocal(n),
            () => undefined,
          );
        }
      }),
    [subscribe, api, orgaId, storeId, t],
  );

  const timeText = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);

  return (
    <>
      <NotificationBell notifications={notifications} t={t} timeText={timeText} navigate={navigate} onError={onError} observe={observe} />
      <NotificationToasts toasts={notifications.toasts} t={t} onDismiss={notifications.dismissToast} />
    </>
  );
}
