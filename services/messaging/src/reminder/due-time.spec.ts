import fc from 'fast-check';
import { addDays, formatLocalDate, parseLocalDate, instantToLocal, type LocalDate } from '@pawline/domain';
import {
  checkedTiming,
  addMonths,
  birthdayMonthDays,
  dueRuns,
  lastVisitWindow,
  previousDayRuns,
  localDateAt,
  slotInstant,
  type StoreClock,
  type Timing,
} from './due-time';

const ZONES = ['Europe/Rome', 'Europe/London', 'Europe/Zurich', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Chatham'];
const rome: StoreClock = { storeId: 'rome', orgaId: 'o', timeZone: 'Europe/Rome' };
const newYork: StoreClock = { storeId: 'ny', orgaId: 'o', timeZone: 'America/New_York' };
const noon: Timing[] = [{ templateType: 0, slot: '12:00', offset: 1 }];
const at = (iso: string) => Date.parse(iso);
const due = (iso: string, stores: StoreClock[], timings = noon) => dueRuns(at(iso), stores, () => timings);

describe('due time of reminders', () => {
  it('the default appointment reminder is due from 12:00 of the store local day', () => {
    expect(due('2027-01-15T10:59:59Z', [rome])).toEqual([]);
    expect(due('2027-01-15T11:00:00Z', [rome])).toEqual([
      { ...rome, templateType: 0, offset: 1, localDate: '2027-01-15', dueAt: at('2027-01-15T11:00:00Z') },
    ]);
    // still due later that day (a scheduler that was down catches up), the next day's run waits for its own noon
    expect(due('2027-01-15T22:59:00Z', [rome]).map((run) => run.localDate)).toEqual(['2027-01-15']);
    expect(due('2027-01-15T23:00:00Z', [rome])).toEqual([]);
  });

  it('stores in Rome and New York fire at their own noon', () => {
    expect(due('2027-01-15T11:00:00Z', [rome, newYork]).map((run) => run.storeId)).toEqual(['rome']);
    expect(due('2027-01-15T17:00:00Z', [rome, newYork]).map((run) => run.storeId)).toEqual(['rome', 'ny']);
    // summer time: Rome +2, New York -4
    expect(due('2027-07-15T10:00:00Z', [rome, newYork]).map((run) => run.storeId)).toEqual(['rome']);
    expect(due('2027-07-15T16:00:00Z', [rome, newYork]).map((run) => run.storeId)).toEqual(['rome', 'ny']);
  });

  it('places the slot on DST days: noon keeps its wall time, a skipped time moves on, a repeated one fires the first time', () => {
    const d = parseLocalDate;
    // Rome springs forward on 28 March 2027 (02:00 → 03:00) and falls back on 31 October 2027 (03:00 → 02:00)
    expect(slotInstant(d('2027-03-27'), '12:00', 'Europe/Rome')).toBe(at('2027-03-27T11:00:00Z'));
    expect(slotInstant(d('2027-03-28'), '12:00', 'Europe/Rome')).toBe(at('2027-03-28T10:00:00Z'));
    expect(slotInstant(d('2027-03-28'), '02:30', 'Europe/Rome')).toBe(at('2027-03-28T01:30:00Z'));
    expect(slotInstant(d('2027-10-31'), '02:30', 'Europe/Rome')).toBe(at('2027-10-31T00:30:00Z'));
    expect(slotInstant(d('2027-10-31'), '12:00', 'Europe/Rome')).toBe(at('2027-10-31T11:00:00Z'));
    // New York: 14 March and 7 November 2027
    expect(slotInstant(d('2027-03-14'), '12:00', 'America/New_York')).toBe(at('2027-03-14T16:00:00Z'));
    expect(slotInstant(d('2027-11-07'), '12:00', 'America/New_York')).toBe(at('2027-11-07T17:00:00Z'));
    expect(slotInstant(d('2027-03-14'), '02:15', 'America/New_York')).toBe(at('2027-03-14T07:15:00Z'));
  });

  it('a run is due exactly from its slot until the local day ends, in any zone and on any day (DST included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (nowMs, timeZone, hour, min) => {
          const slot = `${String(hour).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
          const store = { storeId: 's', orgaId: 'o', timeZone };
          const today = localDateAt(nowMs, timeZone);
          const dueAt = slotInstant(today, slot, timeZone);
          const runs = dueRuns(nowMs, [store], () => [{ templateType: 4, slot, offset: 2 }]);
          expect(runs.length).toBe(nowMs >= dueAt ? 1 : 0);
          if (runs[0]) expect(runs[0].localDate).toBe(formatLocalDate(today));
          // the slot's instant is on that local day, at the slot's wall time or just after a skipped hour
          const wall = instantToLocal(dueAt, timeZone);
          expect(formatLocalDate(wall)).toBe(formatLocalDate(today));
          const slotMinutes = hour * 60 + min;
          const wallMinutes = wall.hour * 60 + wall.min;
          expect(wallMinutes - slotMinutes).toBeGreaterThanOrEqual(0);
          expect(wallMinutes - slotMinutes).toBeLessThanOrEqual(60);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reminder to book: every last-appointment day has exactly one run day, quarterly and yearly', () => {
    // every day of eleven years (leap years and every month length), not a sample: the month ends are the cases
    const key = (date: LocalDate) => formatLocalDate(date);
    for (const months of [3, 12]) {
      for (let offset = 0; offset < 4018; offset += 1) {
        const visit = addDays({ year: 2026, month: 1, day: 1 }, offset);
        const runDays: string[] = [];
        const around = addMonths(visit, months);
        for (let shift = -4; shift <= 4; shift += 1) {
          const runDay = addDays(around, shift);
          const window = lastVisitWindow(runDay, months);
          if (window && key(window.from) <= key(visit) && key(visit) <= key(window.to)) runDays.push(key(runDay));
        }
        expect(runDays).toEqual([key(addMonths(visit, months))]);
      }
    }
    expect(lastVisitWindow(parseLocalDate('2027-02-28'), 3)).toEqual({
      from: parseLocalDate('2026-11-28'),
      to: parseLocalDate('2026-11-30'),
    });
    expect(lastVisitWindow(parseLocalDate('2027-06-15'), 12)).toEqual({
      from: parseLocalDate('2026-06-15'),
      to: parseLocalDate('2026-06-15'),
    });
    // 30 April's reminder went out on 30 July: 31 July takes no day
    expect(lastVisitWindow(parseLocalDate('2030-07-30'), 3)).toEqual({
      from: parseLocalDate('2030-04-30'),
      to: parseLocalDate('2030-04-30'),
    });
    expect(lastVisitWindow(parseLocalDate('2030-07-31'), 3)).toBeNull();
    expect(lastVisitWindow(parseLocalDate('2028-02-29'), 12)).toBeNull();
    expect(lastVisitWindow(parseLocalDate('2029-02-28'), 12)).toEqual({
      from: parseLocalDate('2028-02-28'),
      to: parseLocalDate('2028-02-29'),
    });
  });

  it('a pet born on 29 February has its birthday on 28 February in other years', () => {
    expect(birthdayMonthDays(parseLocalDate('2027-02-28'))).toEqual([228, 229]);
    expect(birthdayMonthDays(parseLocalDate('2028-02-28'))).toEqual([228]);
    expect(birthdayMonthDays(parseLocalDate('2028-02-29'))).toEqual([229]);
    expect(birthdayMonthDays(parseLocalDate('2027-07-04'))).toEqual([704]);
  });

  it('raises a pre-appointment reminder below 2 days to 2, and refuses a slot or a booking frequency that cannot be', () => {
    expect(checkedTiming({ templateType: 4, slot: '09:00', offset: 1 })).toEqual({ templateType: 4, slot: '09:00', offset: 2 });
    expect(checkedTiming({ templateType: 4, slot: '09:00', offset: 5 })).toEqual({ templateType: 4, slot: '09:00', offset: 5 });
    expect(checkedTiming({ templateType: 0, slot: '12:00', offset: 0 })).toEqual({ templateType: 0, slot: '12:00', offset: 1 });
    expect(checkedTiming({ templateType: 2, slot: '10:00', offset: 12 })).toEqual({ templateType: 2, slot: '10:00', offset: 12 });
    expect(checkedTiming({ templateType: 2, slot: '10:00', offset: 6 })).toBeNull();
    expect(checkedTiming({ templateType: 1, slot: '24:00', offset: 0 })).toBeNull();
  });

  describe('the day before, for a catch-up', () => {
    it("names the store's previous local day and that day's slot, whatever the hour now", () => {
      const runs = previousDayRuns(at('2027-01-16T08:00:00Z'), [rome], () => noon);
      expect(runs).toEqual([{ ...rome, templateType: 0, offset: 1, localDate: '2027-01-15', dueAt: at('2027-01-15T11:00:00Z') }]);
      // just after Rome's midnight (23:30 UTC is 00:30 on the 17th in Rome): the 16th
      expect(previousDayRuns(at('2027-01-16T23:30:00Z'), [rome], () => noon).map((run) => run.localDate)).toEqual(['2027-01-16']);
      // the same instant is still the 16th in New York: its day before is the 15th
      expect(previousDayRuns(at('2027-01-16T23:30:00Z'), [newYork], () => noon).map((run) => run.localDate)).toEqual(['2027-01-15']);
    });

    it('resolves the slot on a daylight-saving day (Rome, 28 March 2027: 02:00 jumps to 03:00)', () => {
      const early: Timing[] = [{ templateType: 1, slot: '02:30', offset: 0 }];
      const [run] = previousDayRuns(at('2027-03-29T10:00:00Z'), [rome], () => early);
      expect(run?.localDate).toBe('2027-03-28');
      expect(run?.dueAt).toBe(slotInstant(parseLocalDate('2027-03-28'), '02:30', 'Europe/Rome'));
    });

    it('skips a store whose time zone is not valid', () => {
      expect(previousDayRuns(at('2027-01-16T08:00:00Z'), [{ ...rome, timeZone: 'Mars/Olympus' }], () => noon)).toEqual([]);
    });
  });
});
