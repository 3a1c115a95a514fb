import type { TranslationKey } from '@pawline/i18n';
import type { BookingRule, BookingRuleFields } from '../api/booking-api';

/** R3.08 rules without dates sit in the zero-to-zero interval: the standing weekly plan; dated ones are exceptions. */
export function isStandingRule(rule: Pick<BookingRule, 'date_start' | 'date_end'>): boolean {
  return rule.date_start === 0 && rule.date_end === 0;
}

const weekOrder = (weekday: number | null) => (weekday === null ? -1 : (weekday + 6) % 7); // Monday first, every day before

/**
 * The rules as the hours page shows them (R3.08): the weekly plan per person (the office first), each
 * person's days Monday to Sunday by start time; the exceptions by their first day.
 */
export function splitRules(rules: readonly BookingRule[]) {
  const plan = new Map<string | null, BookingRule[]>();
  const exceptions: BookingRule[] = [];
  for (const rule of rules) {
    if (!isStandingRule(rule)) {
      exceptions.push(rule);
      continue;
    }
    plan.set(rule.user_id, [...(plan.get(rule.user_id) ?? []), rule]);
  }
  for (const list of plan.values())
    list.sort((a, b) => weekOrder(a.weekday) - weekOrder(b.weekday) || a.start_time.localeCompare(b.start_time));
  exceptions.sort((a, b) => a.date_start - b.date_start || a.date_end - b.date_end || a.start_time.localeCompare(b.start_time));
  const weekly = [...plan.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))
    .map(([userId, list]) => ({ userId, rules: list }));
  return { weekly, exceptions };
}

export type RuleForm = {
  kind: 'weekly' | 'exception';
  /** '' the office hours, else the staff member's user id */
  who: string;
  /** '0'…'6' (0 Sunday); '' every day of the exception's range */
  weekday: string;
  startDate: string;
  endDate: string;
  /** an exception that closes (a holiday) or opens extra hours */
  closed: boolean;
  allDay: boolean;
  /** 'HH:MM' */
  start: string;
  end: string;
};

export const EMPTY_RULE_FORM: RuleForm = {
  kind: 'weekly',
  who: '',
  weekday: '1',
  startDate: '',
  endDate: '',
  closed: true,
  allDay: true,
  start: '09:00',
  end: '18:00',
};

/** Field → catalogue key of what is wrong with it. */
export type RuleProblems = Partial<Record<'weekday' | 'startDate' | 'endDate' | 'start' | 'end', TranslationKey>>;

function clock(text: string): [number, number] | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const min = Number(match[2]);
  return hour <= 23 && min <= 59 ? [hour, min] : null;
}

/**
 * The create body of a form (R3.08: weekly hours carry a weekday and no dates; an exception its first and
 * last day), or what is wrong with it. An end of 00:00 is the end of the day (24:00).
 */
export function ruleFromForm(form: RuleForm): { fields: BookingRuleFields } | { problems: RuleProblems } {
  const problems: RuleProblems = {};
  const exception = form.kind === 'exception';
  if (!exception && form.weekday === '') problems.weekday = 'booking-setup.weekdayRequired';
  if (exception) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) problems.startDate = 'validation.required';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.endDate)) problems.endDate = 'validation.required';
    else if (!problems.startDate && form.endDate < form.startDate) problems.endDate = 'booking-setup.endBeforeStart';
  }
  const allDay = exception && form.allDay;
  const start = allDay ? ([0, 0] as [number, number]) : clock(form.start);
  const endClock = allDay ? ([0, 0] as [number, number]) : clock(form.end);
  if (!start) problems.start = 'booking-setup.timeInvalid';
  if (!endClock) problems.end = 'booking-setup.timeInvalid';
  if (!start || !endClock || Object.keys(problems).length > 0) return { problems };
  const end: [number, number] = endClock[0] === 0 && endClock[1] === 0 ? [24, 0] : endClock;
  if (end[0] * 60 + end[1] <= start[0] * 60 + start[1]) return { problems: { end: 'booking-setup.endBeforeStart' } };
  return {
    fields: {
      user_id: form.who === '' ? null : form.who,
      kind: exception && form.closed ? 'closed' : 'open',
      weekday: form.weekday === '' ? null : Number(form.weekday),
      start_date: exception ? form.startDate : null,
      end_date: exception ? form.endDate : null,
      start_hour: start[0],
      start_min: start[1],
      end_hour: end[0],
      end_min: end[1],
    },
  };
}
