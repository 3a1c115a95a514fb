import type { AppointmentList, PetCard } from '@pawline/contracts';
import { appointmentOf } from '../test-support/appointments';
import { daySheetOf } from './day-sheet';

const DAY = '2026-11-18';
const anna = { user_id: 'u-anna', first_name: 'Anna', last_name: 'Rossi' };
const bea = { user_id: 'u-bea', first_name: 'Bea', last_name: 'Neri' };

function card(pet_id: string, name: string, breed: string | null, fon: string | null): PetCard {
  return {
    pet_id,
    name,
    pet_type: 1,
    breed,
    allergies: name === 'Fido' ? 'Chicken' : null,
    customer_id: `c-${pet_id}`,
    customer_first_name: 'Maria',
    customer_last_name: 'Verdi',
    customer_fon: fon,
    tags: [],
    customer_tags: [],
  };
}

describe('day sheet', () => {
  it('groups by groomer in the team order, each in time order, the unassigned last', () => {
    const late = appointmentOf({ date: DAY, hour: 14, min: 0, user_id: 'u-anna' });
    const early = appointmentOf({ date: DAY, hour: 9, min: 30, user_id: 'u-anna' });
    const beas = appointmentOf({ date: DAY, hour: 8, min: 0, user_id: 'u-bea' });
    const nobody = appointmentOf({ date: DAY, hour: 10, min: 0, user_id: null });
    const stranger = appointmentOf({ date: DAY, hour: 11, min: 0, user_id: 'u-gone' });
    const list: AppointmentList = { items: [late, nobody, beas, early, stranger], pets: [], treatments: [] };
    const sheet = daySheetOf(list, DAY, new Map(), [anna, bea]);
    expect(sheet.map((s) => [s.name, s.rows.map((r) => r.start)])).toEqual([
      ['Anna Rossi', [570, 840]],
      ['Bea Neri', [480]],
      [null, [600, 660]],
    ]);
    expect(sheet[0]?.rows[0]?.end).toBe(570 + early.duration);
  });

  it('leaves out other days, declined appointments and groomers with nothing to do; all-day ones come first', () => {
    const declined = appointmentOf({ date: DAY, hour: 9, min: 0, user_id: 'u-bea', status: 2 });
    const otherDay = appointmentOf({ date: '2026-11-19', hour: 9, min: 0, user_id: 'u-anna' });
    const noShow = appointmentOf({ date: DAY, hour: 12, min: 0, user_id: 'u-anna', status: 3 });
    const allDay = appointmentOf({ date: DAY, hour: 0, min: 0, full_day: true, user_id: 'u-anna', app_name: 'Inventory' });
    const list: AppointmentList = { items: [declined, otherDay, noShow, allDay], pets: [], treatments: [] };
    const sheet = daySheetOf(list, DAY, new Map(), [anna, bea]);
    expect(sheet).toHaveLength(1);
    expect(sheet[0]?.rows.map((r) => [r.id, r.fullDay])).toEqual([
      [allDay.id, true],
      [noShow.id, false],
    ]);
    expect(daySheetOf({ items: [declined, otherDay], pets: [], treatments: [] }, DAY, new Map(), [anna, bea])).toEqual([]);
  });

  it('names each pet with breed, owner and phone, the treatments and the notes (blank notes are none)', () => {
    const a = appointmentOf({ date: DAY, hour: 9, min: 0, user_id: 'u-anna', notes: 'Bites when nails are cut' });
    const b = appointmentOf({ date: DAY, hour: 10, min: 0, user_id: 'u-anna', notes: '  ' });
    const list: AppointmentList = {
      items: [a, b],
      pets: [
        { appointment_id: a.id, pet_id: 'p1' },
        { appointment_id: a.id, pet_id: 'p2' },
        { appointment_id: b.id, pet_id: 'p-unseen' },
      ],
      treatments: [
        { appointment_id: a.id, treatment_id: 't1', name: 'Bath' },
        { appointment_id: a.id, treatment_id: 't2', name: 'Nails' },
      ],
    };
    const cards = new Map([
      ['p1', card('p1', 'Fido', 'Poodle', '+39 333 1234567')],
      ['p2', card('p2', 'Micio', null, null)],
    ]);
    const [first, second] = daySheetOf(list, DAY, cards, [anna])[0]?.rows ?? [];
    expect(first).toMatchObject({
      pets: [
        { name: 'Fido', breed: 'Poodle', allergies: 'Chicken', owner: 'Maria Verdi', phone: '+39 333 1234567' },
        { name: 'Micio', breed: null, allergies: null, owner: 'Maria Verdi', phone: null },
      ],
      treatments: ['Bath', 'Nails'],
      notes: 'Bites when nails are cut',
    });
    // a pet the store may not see has no card: it is left out rather than shown without a name
    expect(second).toMatchObject({ pets: [], treatments: [], notes: null });
  });
});
