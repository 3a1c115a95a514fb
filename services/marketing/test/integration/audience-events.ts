import {
  appointmentCreatedEvent,
  customerCreatedEvent,
  customerUpdatedEvent,
  petCreatedEvent,
  petUpdatedEvent,
  type AppointmentEventSnapshot,
  type CustomerEventSnapshot,
} from '@pawline/contracts';
import { emitEvent, type TestEnv } from '@pawline/nest-kit/testing';

/** crm's and scheduling's version of an event: their clock when they wrote it, a second after the last one. */
export type EventClock = { next: () => string; rewind: (ms: number) => void };

export function eventClock(start = '2026-01-01T00:00:00Z'): EventClock {
  let at = Date.parse(start);
  return {
    next: () => new Date((at += 1000)).toISOString().replace('Z', '000Z'),
    rewind: (ms) => {
      at -= ms;
    },
  };
}

/**
 * crm's and scheduling's events of one store as their relays publish them, for the audience's consumers and
 * its rebuild: a customer (with marketing consent unless told otherwise), a pet and an appointment. `env`
 * is read at each call (the suites make theirs in beforeAll).
 */
export function audienceEvents(env: () => TestEnv, store: string, clock: EventClock) {
  const customer = (
    orgaId: string,
    customerId: string,
    fields: Partial<CustomerEventSnapshot> = {},
    contract: typeof customerCreatedEvent | typeof customerUpdatedEvent = customerCreatedEvent,
  ) =>
    emitEvent(env(), contract, {
      orga_id: orgaId,
      store_id: store,
      customer_id: customerId,
      customer: {
        first_name: 'Anna',
        last_name: 'Test',
        country: 'IT',
        fon: null,
        fon_2: null,
        consent_messages: true,
        consent_reminders: true,
        consent_marketing: true,
        version: clock.next(),
        ...fields,
      },
    });
  const pet = (
    orgaId: string,
    petId: string,
    customerId: string,
    contract: typeof petCreatedEvent | typeof petUpdatedEvent = petCreatedEvent,
  ) => emitEvent(env(), contract, { orga_id: orgaId, store_id: store, pet_id: petId, customer_id: customerId });
  const appointment = (
    orgaId: string,
    id: string,
    petId: string,
    startsAt: Date,
    status = 0,
    // every appointment event has the same payload: created, updated, status…
    contract: typeof appointmentCreatedEvent = appointmentCreatedEvent,
  ) => {
    const snapshot: AppointmentEventSnapshot = {
      id,
      date: startsAt.toISOString().slice(0, 10),
      hour: 10,
      min: 0,
      starts_at: startsAt.toISOString(),
      full_day: false,
      status,
      pet_ids: [petId],
      version: clock.next(),
    };
    return emitEvent(env(), contract, {
      orga_id: orgaId,
      store_id: store,
      appointment_id: id,
      appointment_ids: [id],
      recurring_group_id: null,
      recurring_group_main: false,
      pet_ids: [petId],
      appointments: [snapshot],
    });
  };
  return { customer, pet, appointment };
}
