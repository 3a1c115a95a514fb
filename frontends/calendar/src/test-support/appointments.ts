import type { Appointment } from '@pawline/contracts';

let counter = 0;

/** A complete appointment as the range route answers, with the fields a test cares about. */
export function appointmentOf(fields: Partial<Appointment> = {}): Appointment {
  counter += 1;
  const id = fields.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const date = fields.date ?? '2026-11-18';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    id,
    orga_id: '10000000-0000-4000-8000-000000000001',
    store_id: '20000000-0000-4000-8000-000000000001',
    user_id: null,
    date,
    year,
    month,
    day,
    hour: 9,
    min: 0,
    sec: 0,
    time_zone: 'Europe/Rome',
    starts_at: `${date}T08:00:00.000Z`,
    ends_at: `${date}T09:00:00.000Z`,
    duration: 60,
    color: null,
    timed: true,
    full_day: false,
    app_name: null,
    notes: null,
    status: 0,
    discount: 0,
    price: 0,
    final_price: null,
    total: null,
    checked_out: false,
    cashed_in: false,
    recurring_data: null,
    recurring_end: null,
    recurring_group_id: null,
    recurring_group_main: false,
    reminder_status: null,
    updated_at: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}
