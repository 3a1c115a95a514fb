import { API_ROUTES, type ApiClient, type RealtimeMessage } from '@pawline/api-client';
import type { ShellNotification } from '@pawline/domain';
import type { Translate } from '../i18n/translator';

// scheduling's APPOINTMENT_STATUS.declined_by_customer (R3.07)
const DECLINED_BY_CUSTOMER = 2;

/** R4.17 the realtime message of a customer's change to an appointment of this store: its id, else null. */
export function customerChangedAppointment(message: RealtimeMessage, storeId: string): string | null {
  if (message.scope !== 'appointment' || message.event !== 'status_by_customer' || typeof message.data !== 'string') return null;
  return message.store_id && message.store_id !== storeId ? null : message.data;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * R4.18 after a customer's change, the appointment is read again; when its status became 2 a local
 * 'Declined appointment' notification names the date, time, customer and pets. Null otherwise.
 */
export async function declinedNotification(
  api: Pick<ApiClient, 'request'>,
  orgaId: string,
  storeId: string,
  appointmentId: string,
  t: Translate,
  now: Date,
): Promise<ShellNotification | null> {
  const store = { orga: orgaId, store: storeId };
  const list = await api.request(API_ROUTES.getAppointment, { params: { ...store, id: appointmentId } });
  const appointment = list.items.find((a) => a.id === appointmentId);
  if (!appointment || appointment.status !== DECLINED_BY_CUSTOMER) return null;
  const pets = (
    await Promise.all(
      list.pets
        .filter((p) => p.appointment_id === appointmentId)
        .map((p) =>
          api.request(API_ROUTES.getPet, { params: { ...store, id: p.pet_id } }).then(
            (d) => d.pet,
            () => null,
          ),
        ),
    )
  ).flatMap((p) => (p ? [p] : []));
  const owner = pets[0];
  const customer = owner
    ? await api.request(API_ROUTES.getCustomer, { params: { ...store, id: owner.customer_id } }).then(
        (d) => `${d.customer.first_name} ${d.customer.last_name}`.trim(),
        () => '',
      )
    : '';
  const [y, m, d] = appointment.date.split('-');
  const params = {
    customer,
    pet: pets.map((p) => p.name).join(', '),
    date: `${d}/${m}/${y}`,
    time: `${two(appointment.hour)}:${two(appointment.min)}`,
  };
  return {
    id: `local-${appointmentId}`,
    notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
    belongs_to: appointmentId,
    seen: null,
    time: now.toISOString(),
    title: t('shell.notificationDeclinedTitle'),
    text: t('shell.notificationDeclinedText', params),
    orga_id: orgaId,
    store_id: storeId,
    local: true,
  };
}
