import type { ServiceTime } from '../api/booking-api';
import { cellKey, effectiveEntries, fallbackMinutes, matrixChanges, ownMinutes, type Cell, type Drafts } from './service-time-matrix';
import { serviceMinutes } from '@pawline/domain';

const BATH = '60000000-0000-4000-8000-000000000001';
const bath = { id: BATH, default_duration: 45 };
let n = 0;
const time = (over: Partial<ServiceTime>): ServiceTime => ({
  id: `e0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  orga_id: '22222222-2222-4222-8222-222222222222',
  treatment_id: BATH,
  pet_type: 0,
  breed: null,
  size: null,
  hair: null,
  minutes: 60,
  ...over,
});
const cell = (over: Partial<Cell>): Cell => ({ treatmentId: BATH, petType: 0, breed: null, size: null, hair: null, ...over });
const drafts = (...entries: [Cell, string][]): Drafts => new Map(entries.map(([c, text]) => [cellKey(c), { cell: c, text }]));

describe('service-time matrix', () => {
  it("R3.09 an empty cell inherits the treatment's default duration when nothing more general is set", () => {
    const entries = effectiveEntries([], new Map());
    expect(fallbackMinutes(entries, bath, cell({ size: 'big', hair: 'long' }))).toBe(45);
    expect(fallbackMinutes(entries, bath, cell({}))).toBe(45);
  });

  it('R3.09 an empty cell inherits the most specific more general entry: pet type, then size, then breed', () => {
    const saved = [time({ minutes: 50 }), time({ size: 'big', minutes: 70 }), time({ breed: 'Poodle', minutes: 80 })];
    const entries = effectiveEntries(saved, new Map());
    expect(fallbackMinutes(entries, bath, cell({ size: 'small', hair: 'short' }))).toBe(50);
    expect(fallbackMinutes(entries, bath, cell({ size: 'big', hair: 'long' }))).toBe(70);
    // a breed row's cell: the breed entry (two fields … one) beats the size entry
    expect(fallbackMinutes(entries, bath, cell({ breed: 'Poodle', size: 'big', hair: 'long' }))).toBe(80);
    // a cell's own entry is not its own fallback
    expect(fallbackMinutes(entries, bath, cell({}))).toBe(45);
    expect(ownMinutes(entries, cell({}))).toBe(50);
    // other pet types inherit nothing from the dog's entries; pet type 1 is a dog like 0
    expect(fallbackMinutes(entries, bath, cell({ petType: 2, size: 'big', hair: 'long' }))).toBe(45);
    expect(serviceMinutes(entries, { id: BATH, defaultDuration: 45 }, { petType: 1, breed: null, size: 'big', hair: null })).toBe(70);
  });

  it('R3.09 unsaved cells count for the fallbacks shown', () => {
    const entries = effectiveEntries([time({ minutes: 50 })], drafts([cell({}), '90'], [cell({ size: 'small', hair: 'short' }), '']));
    expect(fallbackMinutes(entries, bath, cell({ size: 'medium', hair: 'medium' }))).toBe(90);
    // a cleared general cell falls back to the default duration
    const cleared = effectiveEntries([time({ minutes: 50 })], drafts([cell({}), '']));
    expect(fallbackMinutes(cleared, bath, cell({ size: 'small', hair: 'short' }))).toBe(45);
  });

  it('R1.08 a save sends each changed cell, null for a cleared one, and leaves unchanged drafts out', () => {
    const saved = [time({ minutes: 50 }), time({ size: 'big', hair: 'long', minutes: 70 })];
    const result = matrixChanges(
      saved,
      drafts(
        [cell({}), '50'],
        [cell({ size: 'big', hair: 'long' }), ''],
        [cell({ petType: 2, size: 'small', hair: 'short' }), ' 35 '],
        [cell({ size: 'small', hair: 'short' }), ''],
      ),
    );
    expect(result).toEqual({
      entries: [
        { treatment_id: BATH, pet_type: 0, breed: null, size: 'big', hair: 'long', minutes: null },
        { treatment_id: BATH, pet_type: 2, breed: null, size: 'small', hair: 'short', minutes: 35 },
      ],
      invalid: [],
    });
  });

  it('refuses cells that are not whole minutes from 5 to 720', () => {
    for (const text of ['4', '721', '12.5', 'abc', '-10']) {
      const c = cell({ size: 'small', hair: 'short' });
      expect(matrixChanges([], drafts([c, text]))).toEqual({ entries: [], invalid: [cellKey(c)] });
    }
    expect(matrixChanges([], drafts([cell({}), '5'], [cell({ size: 'big', hair: 'short' }), '720'])).entries.map((e) => e.minutes)).toEqual(
      [5, 720],
    );
  });
});
