import { API_ROUTES, isApiError, type ApiClient, type RealtimeMessage } from '@pawline/api-client';
import type { ShellNotification } from '@pawline/domain';
import type { Translate } from '../i18n/translator';

/** R4.19 the realtime message of a customer's booking request in this store: the request's id, else null. */
export function customerBookedSlot(message: RealtimeMessage, storeId: string): string | null {
  if (message.scope !== 'slot' || message.event !== 'customer_booking' || typeof message.data !== 'string') return null;
  return message.store_id && message.store_id !== storeId ? null : message.data;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * R4.19 a customer's booking request is fetched and raises the local 'New booking request received'
 * (NEW_BOOKING: opening it goes to the store's booking page, R4.03) with the customer, day, time and pets.
 * Null when the request is already gone or decided; when it cannot be read, the title alone.
 */
export async function bookingNotification(
  api: Pick<ApiClient, 'request'>,
  orgaId: string,
  storeId: string,
  slotId: string,
  t: Translate,
  now: Date,
): Promise<ShellNotification | null> {
  let text = '';
  try {
    const slot = await api.request(API_ROUTES.getBookingSlot, { params: { orga: orgaId, store: storeId, slot: slotId } });
    if (slot.status !== 'pending') return null;
    const [y, m, d] = slot.date.split('-');
    text = t('shell.notificationNewBookingPetsText', {
      customer: `${slot.first_name} ${slot.last_name}`.trim(),
      date: `${d}/${m}/${y}`,
      time: `${two(slot.hour)}:${two(slot.min)}`,
      pet: slot.pets.map((p) => p.name).join(', '),
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return null;
  }
  return {
    id: `local-${slotId}`,
    notification_type: 'NEW_BOOKING',
    belongs_to: slotId,
    seen: null,
    time: now.toISOString(),
    title: t('shell.notificationNewBooking'),
    text,
    orga_id: orgaId,
    store_id: storeId,
    local: true,
  };
}
