import { organizationUserOf } from '@pawline/api-client';
import { calendarTranslator } from '../i18n/translator';
import { collides, conflictLines } from './conflict-text';

const ANNA = organizationUserOf({ id: '11111111-1111-4111-8111-111111111111', first_name: 'Anna', last_name: 'Rossi' });
const staff = new Map([[ANNA.user_id, ANNA]]);
const pet = (name: string | null) => ({
  pet_id: '22222222-2222-4222-8222-222222222222',
  name,
  customer_id: null,
  customer_first_name: null,
  customer_last_name: null,
});
const conflict = (fields: object) => ({
  id: '33333333-3333-4333-8333-333333333333',
  store_id: '44444444-4444-4444-8444-444444444444',
  same_store: true,
  date: '2026-11-18',
  start_time: '09:30',
  end_time: '11:30',
  starts_at: '2026-11-18T08:30:00Z',
  ends_at: '2026-11-18T10:30:00Z',
  user_id: ANNA.user_id,
  reasons: ['staff' as const],
  pets: [pet('Oliver')],
  ...fields,
});

describe('collision lines (issue 26)', () => {
  it('issue 26 names the colliding appointment as "Oliver 09:30–11:30 with Anna" and why, in the language', () => {
    const en = calendarTranslator('en');
    const it = calendarTranslator('it');
    const found = {
      collisions: [{ reason: 'staff' as const, date: '2026-11-18', user_id: ANNA.user_id, appointment_ids: [] }],
      conflicts: [conflict({})],
    };
    expect(conflictLines(found, staff, en).map((l) => l.text)).toEqual(['Oliver 09:30–11:30 with Anna Rossi (the groomer is busy)']);
    expect(conflictLines(found, staff, it).map((l) => l.text)).toEqual(['Oliver 09:30–11:30 con Anna Rossi (il toelettatore è occupato)']);
    expect(collides(found)).toBe(true);
    expect(collides({ collisions: [], conflicts: [] })).toBe(false);
  });

  it('issue 26 an unassigned appointment filling the pool, another store and hours nobody works are said so', () => {
    const en = calendarTranslator('en');
    const found = {
      collisions: [
        { reason: 'pool' as const, date: '2026-11-18', user_id: null, appointment_ids: [] },
        { reason: 'hours' as const, date: '2026-11-18', user_id: null, appointment_ids: [] },
        { reason: 'hours' as const, date: '2026-11-18', user_id: ANNA.user_id, appointment_ids: [] },
      ],
      conflicts: [
        conflict({ user_id: null, reasons: ['pool'], pets: [pet(null)] }),
        conflict({ same_store: false, reasons: ['pet', 'staff'] }),
      ],
    };
    expect(conflictLines(found, staff, en).map((l) => l.text)).toEqual([
      'Appointment 09:30–11:30, unassigned (no groomer left free in the store)',
      'Oliver 09:30–11:30 with Anna Rossi · another store (the same pet, the groomer is busy)',
      'Nobody works in the store at this time',
      'Anna Rossi does not work at this time',
    ]);
  });
});
