import {
  APPOINTMENT_STATUS,
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentStatusByCustomerEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  bookingSlotAcceptedEvent,
  bookingSlotDeletedEvent,
  bookingSlotRequestedEvent,
  campaignSentEvent,
  customerCreatedEvent,
  customerUpdatedEvent,
  isEvent,
  paymentFailedEvent,
  petCreatedEvent,
  petUpdatedEvent,
  type AppointmentEventSnapshot,
  type CustomerEventSnapshot,
  type EventContract,
  type EventEnvelope,
  type EventPayload,
  type WebhookEventType,
} from '@pawline/contracts';

/** The internal events webhooks listen to (one durable consumer, services/webhooks/src/events). */
export const SOURCE_EVENTS: EventContract[] = [
  appointmentCreatedEvent,
  appointmentUpdatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentStatusEvent,
  appointmentStatusByCustomerEvent,
  customerCreatedEvent,
  customerUpdatedEvent,
  petCreatedEvent,
  petUpdatedEvent,
  bookingSlotRequestedEvent,
  bookingSlotAcceptedEvent,
  bookingSlotDeletedEvent,
  campaignSentEvent,
  paymentFailedEvent,
];

/** What an endpoint receives: the body of every delivery (docs/webhooks.md). */
export type PublicEvent = {
  id: string;
  type: WebhookEventType;
  created_at: string;
  organization_id: string;
  data: Record<string, unknown>;
};

type Appointment = EventPayload<typeof appointmentCreatedEvent>;

// the org's own appointment as it is now; `version` is an internal clock, not for integrators
function appointmentSnapshot(a: AppointmentEventSnapshot) {
  return {
    id: a.id,
    date: a.date,
    hour: a.hour,
    min: a.min,
    starts_at: a.starts_at,
    ends_at: a.ends_at ?? null,
    full_day: a.full_day,
    status: a.status,
    groomer_id: a.user_id ?? null,
    pet_ids: a.pet_ids,
    treatment_ids: a.treatment_ids ?? [],
    duration: a.duration ?? null,
    price: a.price ?? null,
    discount: a.discount ?? null,
    final_price: a.final_price ?? null,
    total: a.total ?? null,
    checked_out: a.checked_out ?? false,
  };
}

function appointmentData(data: Appointment) {
  return {
    store_id: data.store_id,
    appointment_id: data.appointment_id,
    appointment_ids: data.appointment_ids,
    recurring_group_id: data.recurring_group_id,
    pet_ids: data.pet_ids,
    appointments: (data.appointments ?? []).map(appointmentSnapshot),
  };
}

function customerData(data: EventPayload<typeof customerCreatedEvent>) {
  const c: CustomerEventSnapshot | undefined = data.customer;
  return {
    store_id: data.store_id,
    customer_id: data.customer_id,
    customer: c
      ? {
          first_name: c.first_name,
          last_name: c.last_name,
          phone: c.fon,
          phone_2: c.fon_2,
          country: c.country,
          city: c.city ?? null,
          consent_messages: c.consent_messages,
          consent_reminders: c.consent_reminders,
          consent_marketing: c.consent_marketing,
          tag_ids: c.tag_ids ?? [],
        }
      : null,
  };
}

function petData(data: EventPayload<typeof petCreatedEvent>) {
  return {
    store_id: data.store_id,
    pet_id: data.pet_id,
    customer_id: data.customer_id,
    pet: data.pet ? { name: data.pet.name, born: data.pet.born } : null,
  };
}

/** The public name and payload of an internal event, or null when no endpoint is told of it. */
function publicOf(event: EventEnvelope): { type: WebhookEventType; data: Record<string, unknown> } | null {
  const is = (contract: EventContract) => isEvent(event, contract);
  if (is(appointmentCreatedEvent)) return { type: 'appointment.created', data: appointmentData(event.data as Appointment) };
  if (is(appointmentUpdatedEvent)) return { type: 'appointment.changed', data: appointmentData(event.data as Appointment) };
  if (is(appointmentDeletedEvent)) {
    const { appointments: _gone, ...rest } = appointmentData(event.data as Appointment);
    return { type: 'appointment.cancelled', data: rest };
  }
  if (is(appointmentDoneEvent)) return { type: 'appointment.checked_out', data: appointmentData(event.data as Appointment) };
  if (is(appointmentStatusEvent)) {
    const data = event.data as EventPayload<typeof appointmentStatusEvent>;
    return { type: 'appointment.status_changed', data: { ...appointmentData(data), previous_status: data.previous_status ?? null } };
  }
  if (is(appointmentStatusByCustomerEvent)) {
    const data = event.data as EventPayload<typeof appointmentStatusByCustomerEvent>;
    const type =
      data.status === APPOINTMENT_STATUS.declined_by_customer
        ? 'appointment.declined_by_customer'
        : data.status === APPOINTMENT_STATUS.confirmed_by_customer
          ? 'appointment.confirmed_by_customer'
          : null;
    return type && { type, data: { ...appointmentData(data), status: data.status } };
  }
  if (is(customerCreatedEvent))
    return { type: 'customer.created', data: customerData(event.data as EventPayload<typeof customerCreatedEvent>) };
  if (is(customerUpdatedEvent))
    return { type: 'customer.changed', data: customerData(event.data as EventPayload<typeof customerUpdatedEvent>) };
  if (is(petCreatedEvent)) return { type: 'pet.created', data: petData(event.data as EventPayload<typeof petCreatedEvent>) };
  if (is(petUpdatedEvent)) return { type: 'pet.changed', data: petData(event.data as EventPayload<typeof petUpdatedEvent>) };
  if (is(bookingSlotRequestedEvent)) {
    const data = event.data as EventPayload<typeof bookingSlotRequestedEvent>;
    return {
      type: 'booking_request.received',
      data: {
        store_id: data.store_id,
        booking_request_id: data.slot_id,
        customer_name: data.customer_name ?? null,
        date: data.date ?? null,
        time: data.time ?? null,
      },
    };
  }
  if (is(bookingSlotAcceptedEvent)) {
    const data = event.data as EventPayload<typeof bookingSlotAcceptedEvent>;
    return {
      type: 'booking_request.accepted',
      data: { store_id: data.store_id, booking_request_id: data.slot_id, appointment_id: data.appointment_id },
    };
  }
  if (is(bookingSlotDeletedEvent)) {
    const data = event.data as EventPayload<typeof bookingSlotDeletedEvent>;
    return { type: 'booking_request.refused', data: { store_id: data.store_id, booking_request_id: data.slot_id } };
  }
  if (is(campaignSentEvent)) {
    const data = event.data as EventPayload<typeof campaignSentEvent>;
    return { type: 'campaign.sent', data: { store_id: data.store_id, campaign_id: data.campaign_id, customers: data.customers } };
  }
  if (is(paymentFailedEvent)) {
    const data = event.data as EventPayload<typeof paymentFailedEvent>;
    return { type: 'payment.failed', data: { payment_id: data.payment_id, invoice_id: data.invoice_id, amount_cents: data.amount_cents } };
  }
  return null;
}

/**
 * The event an organization's endpoints receive for an internal one: its public name and a payload of
 * the organization's own data only (no internal clocks, no other tenant's ids), or null when none is sent.
 * The id is the internal event's, so a redelivered event keeps it and a receiver can drop repeats.
 */
export function toPublicEvent(event: EventEnvelope): PublicEvent | null {
  const orgaId = (event.data as { orga_id?: string } | null)?.orga_id ?? event.orgaId;
  const found = publicOf(event);
  if (!found || !orgaId) return null;
  return { id: event.id, type: found.type, created_at: event.occurredAt, organization_id: orgaId, data: found.data };
}
