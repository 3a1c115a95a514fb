import fc from 'fast-check';
import { appointmentDuration } from './appointment-duration';
import { totalServiceMinutes, type BookingPetTraits, type ServiceTimeEntry } from './service-time';

// the demo salon's catalogue: Hand stripping takes 120 minutes and Nail trim 15 by default (issue 26's tour)
const STRIPPING = { id: 'stripping', defaultDuration: 120 };
const NAILS = { id: 'nails', defaultDuration: 15 };
const BATH = { id: 'bath', defaultDuration: 45 };

const pet = (fields: Partial<BookingPetTraits> = {}): BookingPetTraits => ({ petType: 0, breed: null, size: null, hair: null, ...fields });
const entry = (fields: Partial<ServiceTimeEntry> & { treatmentId: string; minutes: number }): ServiceTimeEntry => ({
  petType: 0,
  breed: null,
  size: null,
  hair: null,
  ...fields,
});

const matrix = [
  entry({ treatmentId: 'bath', size: 'big', minutes: 70 }),
  entry({ treatmentId: 'bath', size: 'big', hair: 'long', minutes: 90 }),
  entry({ treatmentId: 'bath', breed: 'Miniature Schnauzer', minutes: 55 }),
  entry({ treatmentId: 'bath', petType: 2, minutes: 30 }),
];

describe('an appointment’s duration follows the work', () => {
  it('R3.09 ticking Hand stripping or Nail trim gives their minutes, not a fixed hour, from the treatments’ defaults', () => {
    expect(appointmentDuration(matrix, [STRIPPING], [pet()])).toMatchObject({ minutes: 120, source: 'treatment_defaults' });
    expect(appointmentDuration(matrix, [NAILS], [pet()])).toMatchObject({ minutes: 15, source: 'treatment_defaults' });
    expect(appointmentDuration(matrix, [STRIPPING, NAILS], [pet()]).minutes).toBe(135);
  });

  it('R3.09 the most specific matrix entry wins, and says which it was', () => {
    const big = appointmentDuration(matrix, [BATH], [pet({ size: 'big', hair: 'long' })]);
    expect(big).toMatchObject({ minutes: 90, source: 'service_times' });
    expect(big.parts[0]?.entry).toMatchObject({ size: 'big', hair: 'long', minutes: 90 });
    expect(appointmentDuration(matrix, [BATH], [pet({ size: 'big', hair: 'short' })]).minutes).toBe(70);
    expect(appointmentDuration(matrix, [BATH], [pet({ breed: 'miniature schnauzer ' })]).minutes).toBe(55);
    expect(appointmentDuration(matrix, [BATH], [pet({ petType: 2 })]).minutes).toBe(30);
    // a small short-haired dog has no entry: the treatment's default
    expect(appointmentDuration(matrix, [BATH], [pet({ size: 'small' })])).toMatchObject({ minutes: 45, source: 'treatment_defaults' });
  });

  it('R3.09 sums over pets and treatments; some parts from the matrix, some defaults, is mixed', () => {
    const two = appointmentDuration(matrix, [BATH, NAILS], [pet({ size: 'big' }), pet({ petType: 2 })]);
    expect(two.minutes).toBe(70 + 15 + 30 + 15);
    expect(two.source).toBe('mixed');
    expect(two.parts.map((part) => [part.petIndex, part.treatmentId, part.minutes, part.source])).toEqual([
      [0, 'bath', 70, 'service_time'],
      [0, 'nails', 15, 'treatment_default'],
      [1, 'bath', 30, 'service_time'],
      [1, 'nails', 15, 'treatment_default'],
    ]);
  });

  it('without a pet or a treatment there is nothing to sum: no figure', () => {
    expect(appointmentDuration(matrix, [], [pet()])).toEqual({ minutes: null, source: 'none', parts: [] });
    expect(appointmentDuration(matrix, [BATH], [])).toEqual({ minutes: null, source: 'none', parts: [] });
  });

  it('gives exactly the minutes online booking asks for the same pets and treatments', () => {
    const traits = fc.record({
      petType: fc.constantFrom(0, 1, 2, 3),
      breed: fc.constantFrom(null, 'Poodle', 'Miniature Schnauzer'),
      size: fc.constantFrom(null, 'small', 'medium', 'big'),
      hair: fc.constantFrom(null, 'short', 'medium', 'long'),
    });
    const entries = fc.array(
      fc
        .record({ treatmentId: fc.constantFrom('bath', 'nails', 'stripping'), minutes: fc.integer({ min: 5, max: 240 }) })
        .chain((cell) => traits.map((t) => ({ ...t, ...cell }))),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(entries, fc.subarray([BATH, NAILS, STRIPPING]), fc.array(traits, { maxLength: 4 }), (cells, treatments, pets) => {
        const duration = appointmentDuration(cells, treatments, pets);
        if (duration.minutes !== null) expect(duration.minutes).toBe(totalServiceMinutes(cells, treatments, pets));
        else expect(treatments.length * pets.length).toBe(0);
      }),
    );
  });
});
