import { emptyWaitlistForm, toggledWeekday, waitlistEntryFromForm } from './waitlist-form';

const TREATMENT = '60000000-0000-4000-8000-000000000001';
const filled = {
  ...emptyWaitlistForm('it', '2027-03-31'),
  first_name: ' Giulia ',
  last_name: 'Bianchi',
  fon: '+39 348 222 3333',
  pet_name: 'Fido',
  treatment_id: TREATMENT,
};

describe('the waitlist form', () => {
  it('R1.09 sends what staff typed, trimmed, with any groomer and any time as null', () => {
    const { entry, problems } = waitlistEntryFromForm({ ...filled, weekdays: [5, 1] }, '2027-03-01');
    expect(problems).toEqual({});
    expect(entry).toEqual({
      treatment_ids: [TREATMENT],
      pets: [{ pet_id: null, name: 'Fido', pet_type: 1, breed: null, size: null, hair: null }],
      user_id: null,
      weekdays: [1, 5],
      from_time: null,
      to_time: null,
      until: '2027-03-31',
      first_name: 'Giulia',
      last_name: 'Bianchi',
      fon: '+39 348 222 3333',
      email: null,
      notes: null,
      consent_messages: true,
      language: 'it',
    });
  });

  it('names the missing fields, a short phone, a window backwards and a last day gone', () => {
    expect(waitlistEntryFromForm(emptyWaitlistForm('en', ''), '2027-03-01').problems).toEqual({
      first_name: { key: 'validation.required' },
      last_name: { key: 'validation.required' },
      fon: { key: 'validation.required' },
      pet_name: { key: 'validation.required' },
      treatment_id: { key: 'validation.required' },
      until: { key: 'validation.required' },
    });
    const bad = waitlistEntryFromForm({ ...filled, fon: '12', from_time: '15:00', to_time: '09:00', until: '2027-02-01' }, '2027-03-01');
    expect(bad.entry).toBeNull();
    expect(bad.problems).toEqual({
      fon: { key: 'validation.phoneFormat' },
      to_time: { key: 'validation.waitlistTimeOrder' },
      until: { key: 'validation.waitlistUntilPast' },
    });
  });

  it('ticks and unticks weekdays in order', () => {
    expect(toggledWeekday([3], 1)).toEqual([1, 3]);
    expect(toggledWeekday([1, 3], 3)).toEqual([1]);
  });
});
