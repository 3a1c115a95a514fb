import {
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentUpdatedEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  orgaCancelledEvent,
  petCreatedEvent,
  petUpdatedEvent,
  tagDeletedEvent,
  type AppointmentEventSnapshot,
  type CustomerEventSnapshot,
} from '@pawline/contracts';
import { AudienceFold } from './audience-rebuild';

const orga = '11111111-1111-4111-8111-111111111111';
const otherOrga = '22222222-2222-4222-8222-222222222222';
const store = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const anna = 'c0000000-0000-4000-8000-000000000001';
const bruno = 'c0000000-0000-4000-8000-000000000002';
const dog = 'd0000000-0000-4000-8000-000000000001';
const visit = 'e0000000-0000-4000-8000-000000000001';
const tag = 'f0000000-0000-4000-8000-000000000001';
const at = '2026-11-24T10:00:00.000Z';

const snapshot = (version: string, fields: Partial<CustomerEventSnapshot> = {}): CustomerEventSnapshot => ({
  first_name: 'Anna',
  last_name: 'Rossi',
  country: null,
  fon: null,
  fon_2: null,
  consent_messages: true,
  consent_reminders: true,
  consent_marketing: true,
  version,
  ...fields,
});
const appointment = (version: string, fields: Partial<AppointmentEventSnapshot> = {}): AppointmentEventSnapshot => ({
  id: visit,
  date: '2026-10-01',
  hour: 10,
  min: 0,
  starts_at: '2026-10-01T08:00:00.000Z',
  full_day: false,
  status: 0,
  pet_ids: [dog],
  version,
  ...fields,
});
const on = (fold: AudienceFold, contract: { subject: string }, data: Record<string, unknown>) =>
  fold.apply({ subject: contract.subject, occurredAt: at, data: { orga_id: orga, store_id: store, ...data } });

describe('AudienceFold: the live projection’s rules replayed in memory', () => {
  it('R1.07 keeps the newest customer snapshot, and the known tags when an older kind of event carries none', () => {
    const fold = new AudienceFold();
    on(fold, customerCreatedEvent, {
      customer_id: anna,
      customer: snapshot('2026-01-01T00:00:00.000001Z', { city: ' Milano ', tag_ids: [tag] }),
    });
    on(fold, customerUpdatedEvent, {
      customer_id: anna,
      customer: snapshot('2026-01-03T00:00:00.000001Z', { consent_marketing: false, city: 'Roma' }),
    });
    // a redelivered older snapshot changes nothing
    on(fold, customerUpdatedEvent, {
      customer_id: anna,
      customer: snapshot('2026-01-02T00:00:00.000001Z', { city: 'Torino', tag_ids: [] }),
    });
    expect(fold.customers.get(anna)).toMatchObject({
      city_key: 'roma',
      consent_marketing: false,
      tag_ids: [tag],
      without_audience_fields: false,
    });
    on(fold, tagDeletedEvent, { store_id: null, tag_id: tag, kind: 'customer' });
    expect(fold.customers.get(anna)?.tag_ids).toEqual([]);
    on(fold, customerCreatedEvent, { customer_id: bruno, customer: snapshot('2026-01-01T00:00:00.000001Z') });
    expect(fold.customers.get(bruno)).toMatchObject({ city_key: '', tag_ids: [], without_audience_fields: true });
  });

  it('R1.07 a visit follows its pet’s owner whichever comes first, and a deleted appointment stays deleted', () => {
    const fold = new AudienceFold();
    on(fold, appointmentCreatedEvent, { appointments: [appointment('1')] });
    expect(fold.visitRows()).toEqual([]);
    on(fold, petCreatedEvent, { pet_id: dog, customer_id: anna });
    expect(fold.visitRows()).toEqual([
      { appointment_id: visit, customer_id: anna, orga_id: orga, starts_at: '2026-10-01T08:00:00.000Z', status: 0 },
    ]);
    on(fold, petUpdatedEvent, { pet_id: dog, customer_id: bruno });
    on(fold, appointmentUpdatedEvent, { appointments: [appointment('3', { status: 2 })] });
    on(fold, appointmentUpdatedEvent, { appointments: [appointment('2', { status: 1 })] });
    expect(fold.visitRows()).toEqual([expect.objectContaining({ customer_id: bruno, status: 2 })]);
    on(fold, appointmentDeletedEvent, { appointment_ids: [visit] });
    on(fold, appointmentUpdatedEvent, { appointments: [appointment('4')] });
    expect(fold.appointments.get(visit)?.deleted).toBe(true);
    expect(fold.visitRows()).toEqual([]);
  });

  it('R1.17 a cancelled organization leaves nothing, and its later events bring nothing back', () => {
    const fold = new AudienceFold();
    on(fold, customerCreatedEvent, { customer_id: anna, customer: snapshot('1') });
    fold.apply({
      subject: customerCreatedEvent.subject,
      occurredAt: at,
      data: { orga_id: otherOrga, store_id: store, customer_id: bruno, customer: snapshot('1') },
    });
    on(fold, petCreatedEvent, { pet_id: dog, customer_id: anna });
    on(fold, appointmentCreatedEvent, { appointments: [appointment('1')] });
    fold.apply({ subject: orgaCancelledEvent.subject, occurredAt: at, data: { orga_id: orga } });
    on(fold, customerUpdatedEvent, { customer_id: anna, customer: snapshot('2') });
    expect([...fold.customers.keys()]).toEqual([bruno]);
    expect(fold.pets.size + fold.appointments.size + fold.visitRows().length).toBe(0);
  });

  it('a deleted customer loses their visits', () => {
    const fold = new AudienceFold();
    on(fold, customerCreatedEvent, { customer_id: anna, customer: snapshot('1') });
    on(fold, petCreatedEvent, { pet_id: dog, customer_id: anna });
    on(fold, appointmentCreatedEvent, { appointments: [appointment('1')] });
    on(fold, customerDeletedEvent, { customer_id: anna });
    expect(fold.customers.size).toBe(0);
    expect(fold.visitRows()).toEqual([]);
  });
});
