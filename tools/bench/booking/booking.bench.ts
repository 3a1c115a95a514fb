// `npm run bench -- booking [--runs=2000] [--groomers=10] [--appointments=1000]`: online booking's free slots
// (availableSlots of libs/domain) for one week of a busy Europe/Rome salon, asked for any groomer and for one
// groomer, by the capacity rule (ADR 0044: the unassigned appointments take places of the store's pool of all its
// groomers). Pure CPU, no services: prints median and p95 ms per week query beside the goal (under 5 ms).
import { availableSlots, localToInstant, type AvailabilityQuery, type AvailabilityRule, type BusyInterval } from '@pawline/domain';

const TIME_ZONE = 'Europe/Rome';
const GOAL_MS = 5;

function option(name: string, fallback: number): number {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
}

/** mulberry32: the same store on every run */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hours = (hour: number, min = 0) => hour * 3600 + min * 60;

function weeklyRule(userId: string | null, kind: 'open' | 'closed', weekday: number, start: number, end: number): AvailabilityRule {
  return { userId, kind, weekday, startDate: null, endDate: null, start, end };
}

/**
 * Office open Monday to Saturday 09:00–18:00; each groomer works those days with a lunch break (closed,
 * 13:00–14:00 or 13:30–14:30), two groomers start at 10:00 on Saturdays, one is off on Wednesday afternoons,
 * and one has a dated day off in the week.
 */
function storeRules(groomers: string[]): AvailabilityRule[] {
  const rules: AvailabilityRule[] = [];
  for (let weekday = 1; weekday <= 6; weekday++) rules.push(weeklyRule(null, 'open', weekday, hours(9), hours(18)));
  groomers.forEach((userId, index) => {
    for (let weekday = 1; weekday <= 6; weekday++) {
      const start = weekday === 6 && index < 2 ? hours(10) : hours(9);
      rules.push(weeklyRule(userId, 'open', weekday, start, hours(18)));
      const lunch = index % 2 === 0 ? hours(13) : hours(13, 30);
      rules.push(weeklyRule(userId, 'closed', weekday, lunch, lunch + hours(1)));
    }
    if (index === 3) rules.push(weeklyRule(userId, 'closed', 3, hours(13), hours(24)));
  });
  const dayOff = groomers[5];
  if (dayOff)
    rules.push({ userId: dayOff, kind: 'closed', weekday: null, startDate: '2026-12-10', endDate: '2026-12-10', start: 0, end: hours(24) });
  return rules;
}

/**
 * Appointments of 15–60 minutes one after another with gaps of 0–15 minutes through each groomer's working
 * day in two lanes (a groomer bathes one dog while another dries), round robin over groomers, days and lanes
 * until there are `count`; one in twenty is unassigned.
 */
function storeAppointments(groomers: string[], week: string[], count: number, next: () => number): BusyInterval[] {
  const appointments: BusyInterval[] = [];
  const cursor = new Map<string, number>();
  const lengths = [15, 20, 30, 30, 45, 60];
  const places = groomers.flatMap((userId) => week.flatMap((date) => [0, 1].map((lane) => ({ userId, date, lane }))));
  let full = 0;
  for (let round = 0; appointments.length < count && full < places.length; round++) {
    const { userId, date, lane } = places[round % places.length];
    const key = `${userId} ${date} ${lane}`;
    const minute = cursor.get(key) ?? 9 * 60 + lane * 20;
    const length = lengths[Math.floor(next() * lengths.length)];
    if (minute + length > 18 * 60) {
      full++;
      continue;
    }
    full = 0;
    const [year, month, day] = date.split('-').map(Number);
    const startsAt = localToInstant(
      { year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: Math.floor(minute / 60), min: minute % 60, sec: 0 },
      TIME_ZONE,
    );
    appointments.push({ userId: next() < 0.05 ? null : userId, startsAt, endsAt: startsAt + length * 60_000 });
    cursor.set(key, minute + length + Math.floor(next() * 4) * 5);
  }
  return appointments;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

function measure(label: string, query: AvailabilityQuery, runs: number): void {
  for (let i = 0; i < Math.min(200, runs); i++) availableSlots(query);
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const days = availableSlots(query);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    slots = days.reduce((sum, day) => sum + day.slots.length, 0);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  const verdict = p95 < GOAL_MS ? 'met' : 'NOT met';
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(3)} ms   p95 ${p95.toFixed(3)} ms   (goal < ${GOAL_MS} ms: ${verdict})   ${slots} slots`,
  );
}

function main(): void {
  const runs = option('runs', 2000);
  const groomerCount = option('groomers', 10);
  const appointmentCount = option('appointments', 1000);
  const next = random(20261207);
  const groomers = Array.from({ length: groomerCount }, (_, index) => `groomer-${String(index + 1).padStart(2, '0')}`);
  const week = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];
  const rules = storeRules(groomers);
  const busy = storeAppointments(groomers, week.slice(0, 6), appointmentCount, next);
  const base: AvailabilityQuery = {
    timeZone: TIME_ZONE,
    from: week[0],
    days: 7,
    durationMinutes: 45,
    staffIds: groomers,
    rules,
    busy,
    now: Date.UTC(2026, 11, 6, 11),
    minNoticeMinutes: 120,
    horizonDays: 60,
    bufferMinutes: 10,
    stepMinutes: 15,
  };
  console.log(
    `booking: ${groomers.length} groomers, ${rules.length} rules, ${busy.length} appointments (${busy.filter((b) => b.userId === null).length} unassigned), ` +
      `week of ${week[0]} in ${TIME_ZONE}, 45 minutes, step 15, buffer 10; ${runs} runs each after warm-up`,
  );
  measure('any groomer', base, runs);
  // one groomer chosen: the pool is still every groomer, as the booking service asks
  measure('one groomer', { ...base, staffIds: [groomers[0]], poolStaffIds: groomers }, runs);
  // the week of the autumn clock change with the salon open on that Sunday: its clock times go through Intl one by one
  const autumn = ['2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25'];
  const sunday = [null, ...groomers].map((userId) => weeklyRule(userId, 'open', 0, hours(9), hours(18)));
  measure(
    'any groomer, week of 2026-10-25',
    {
      ...base,
      from: autumn[0],
      now: Date.UTC(2026, 9, 18, 11),
      rules: [...rules, ...sunday],
      busy: storeAppointments(groomers, autumn, appointmentCount, next),
    },
    runs,
  );
}

main();
