import { freedTimeOf, minuteOfDay, rankWaitlist, waitlistEntryProblems, type WaitlistCandidate } from './waitlist';

const at = (iso: string) => Date.parse(iso);
const ROME = 'Europe/Rome';
const ANNA = 'a0000000-0000-4000-8000-000000000001';
const BEN = 'b0000000-0000-4000-8000-000000000002';

/** Tuesday 2027-03-09, 10:00–11:30 in Rome (UTC+1), Anna's appointment cancelled. */
const freed = { startsAt: at('2027-03-09T09:00:00Z'), endsAt: at('2027-03-09T10:30:00Z'), userId: ANNA };
const now = at('2027-03-08T12:00:00Z');

const candidate = (over: Partial<WaitlistCandidate> & { id: string }): WaitlistCandidate => ({
  userId: null,
  duration: 60,
  until: '2027-03-31',
  joinedAt: at('2027-03-01T10:00:00Z'),
  weekdays: [],
  fromMinute: null,
  toMinute: null,
  ...over,
});

describe('freedTimeOf', () => {
  const before = { startsAt: at('2027-03-09T09:00:00Z'), endsAt: at('2027-03-09T10:30:00Z'), userId: ANNA };

  it('gives back the whole time of a deleted, declined or missed appointment', () => {
    expect(freedTimeOf(before, null)).toEqual([before]);
  });

  it('gives back the end of a shortened appointment', () => {
    const after = { ...before, endsAt: at('2027-03-09T09:30:00Z') };
    expect(freedTimeOf(before, after)).toEqual([{ startsAt: at('2027-03-09T09:30:00Z'), endsAt: before.endsAt, userId: ANNA }]);
  });

  it('gives back the old time of a moved appointment, and all of it when another groomer takes it', () => {
    const moved = { ...before, startsAt: at('2027-03-10T09:00:00Z'), endsAt: at('2027-03-10T10:30:00Z') };
    expect(freedTimeOf(before, moved)).toEqual([{ ...before }]);
    expect(freedTimeOf(before, { ...before, userId: BEN })).toEqual([before]);
  });

  it('gives nothing for an unchanged or a longer appointment, nor for pieces under 15 minutes', () => {
    expect(freedTimeOf(before, before)).toEqual([]);
    expect(freedTimeOf(before, { ...before, endsAt: at('2027-03-09T11:00:00Z') })).toEqual([]);
    expect(freedTimeOf(before, { ...before, endsAt: at('2027-03-09T10:20:00Z') })).toEqual([]);
    expect(freedTimeOf(null, before)).toEqual([]);
  });
});

describe('rankWaitlist', () => {
  it('offers only jobs that fit the freed time, the asked groomer and the until day', () => {
    const ranked = rankWaitlist(
      freed,
      [
        candidate({ id: 'fits' }),
        candidate({ id: 'too-long', duration: 120 }),
        candidate({ id: 'anna', userId: ANNA }),
        candidate({ id: 'ben', userId: BEN }),
        candidate({ id: 'expired-wish', until: '2027-03-08' }),
        candidate({ id: 'last-day', until: '2027-03-09' }),
      ],
      ROME,
      now,
    );
    expect(ranked.map((r) => r.id).sort()).toEqual(['anna', 'fits', 'last-day']);
    expect(ranked.find((r) => r.id === 'fits')).toMatchObject({ startsAt: freed.startsAt, endsAt: at('2027-03-09T10:00:00Z') });
  });

  it('an unassigned freed place suits only customers who take any groomer', () => {
    const ranked = rankWaitlist({ ...freed, userId: null }, [candidate({ id: 'any' }), candidate({ id: 'anna', userId: ANNA })], ROME, now);
    expect(ranked.map((r) => r.id)).toEqual(['any']);
  });

  it('R1.09 puts the preferred day and time first, then who waited longest', () => {
    const ranked = rankWaitlist(
      freed,
      [
        candidate({ id: 'new-exact', weekdays: [2], fromMinute: 540, toMinute: 720, joinedAt: at('2027-03-07T10:00:00Z') }),
        candidate({ id: 'old-any', joinedAt: at('2027-02-01T10:00:00Z') }),
        candidate({ id: 'wrong-day', weekdays: [5], joinedAt: at('2027-01-01T10:00:00Z') }),
        candidate({ id: 'afternoon-friday', weekdays: [5], fromMinute: 780, toMinute: 1080, joinedAt: at('2026-12-01T10:00:00Z') }),
      ],
      ROME,
      now,
    );
    // Tuesday 10:00 local: "any" matches both day and time, as does Tuesday 9–12
    expect(ranked.map((r) => [r.id, r.preference])).toEqual([
      ['old-any', 2],
      ['new-exact', 2],
      ['wrong-day', 1],
      ['afternoon-friday', 0],
    ]);
  });

  it('reads the day and time in the store time zone (a freed 00:30 in Rome is Wednesday there, Tuesday in UTC)', () => {
    const night = { startsAt: at('2027-03-09T23:30:00Z'), endsAt: at('2027-03-10T01:00:00Z'), userId: null };
    const ranked = rankWaitlist(night, [candidate({ id: 'wed', weekdays: [3], fromMinute: 0, toMinute: 60 })], ROME, now);
    expect(ranked[0]?.preference).toBe(2);
  });

  it('offers nothing for a time that has started', () => {
    expect(rankWaitlist(freed, [candidate({ id: 'x' })], ROME, freed.startsAt)).toEqual([]);
  });
});

describe('waitlistEntryProblems', () => {
  it('refuses a time window backwards and an until day in the past', () => {
    expect(waitlistEntryProblems({ from_time: '14:00', to_time: '09:00', until: '2027-01-01', today: '2027-03-01' })).toEqual({
      to_time: 'validation.waitlistTimeOrder',
      until: 'validation.waitlistUntilPast',
    });
    expect(waitlistEntryProblems({ from_time: null, to_time: '12:00', until: '2027-03-01', today: '2027-03-01' })).toEqual({});
  });

  it('minuteOfDay reads HH:MM', () => {
    expect(minuteOfDay('09:30')).toBe(570);
    expect(minuteOfDay(null)).toBeNull();
  });
});
