// spec §1 marketing campaigns (R1.07): the audience of a campaign is the store's customers with marketing
// consent that pass every filter the campaign sets. marketing's SQL count (services/marketing) is this rule;
// its integration spec checks the two agree on the same customers.

/** The filters of a campaign; null or empty lets everyone through. */
export type AudienceRule = {
  /** no visit in the last N months (a customer never seen counts as absent) */
  months_absent: number | null;
  /** at least N visits in the last 12 months */
  recent_visits: number | null;
  /** at least N visits in all */
  min_visits: number | null;
  /** at most N appointments declined by the customer (status 2) */
  max_declines: number | null;
  excluded_tag_ids: readonly string[];
  cities: readonly string[];
};

/** What the rule looks at of a customer. */
export type AudienceCandidate = {
  consent_marketing: boolean;
  city: string | null;
  tag_ids: readonly string[];
  /** the customer's appointments: when they start and their status (2: declined by the customer) */
  appointments: readonly { starts_at: Date; status: number }[];
};

/** spec §3 appointment status 2: declined by the customer. */
export const DECLINED_STATUS = 2;
/** 'recent visits' look back this many months. */
export const RECENT_VISIT_MONTHS = 12;

/** A city as the filter compares it: trimmed, inner spaces collapsed, lower case. */
export function cityKey(city: string | null | undefined): string {
  return (city ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The instant N calendar months before `now` (UTC; the 31st of a shorter month is its last day, as Postgres does). */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** A visit: an appointment that has started by now and was not declined. */
export function isVisit(appointment: { starts_at: Date; status: number }, now: Date): boolean {
  return appointment.status !== DECLINED_STATUS && appointment.starts_at.getTime() <= now.getTime();
}

/** R1.07 whether a customer is in a campaign's audience at `now`. */
export function inAudience(customer: AudienceCandidate, rule: AudienceRule, now: Date): boolean {
  if (!customer.consent_marketing) return false;
  if (rule.cities.length > 0) {
    const keys = new Set(rule.cities.map(cityKey));
    if (!keys.has(cityKey(customer.city))) return false;
  }
  if (rule.excluded_tag_ids.length > 0 && customer.tag_ids.some((tag) => rule.excluded_tag_ids.includes(tag))) return false;
  const visits = customer.appointments.filter((appointment) => isVisit(appointment, now));
  if (rule.months_absent !== null) {
    const since = monthsBefore(now, rule.months_absent).getTime();
    if (visits.some((visit) => visit.starts_at.getTime() > since)) return false;
  }
  if (rule.recent_visits !== null) {
    const since = monthsBefore(now, RECENT_VISIT_MONTHS).getTime();
    if (visits.filter((visit) => visit.starts_at.getTime() > since).length < rule.recent_visits) return false;
  }
  if (rule.min_visits !== null && visits.length < rule.min_visits) return false;
  if (rule.max_declines !== null) {
    const declines = customer.appointments.filter((appointment) => appointment.status === DECLINED_STATUS).length;
    if (declines > rule.max_declines) return false;
  }
  return true;
}

/** The audience of a list of customers. */
export function audienceOf<C extends AudienceCandidate>(customers: readonly C[], rule: AudienceRule, now: Date): C[] {
  return customers.filter((customer) => inAudience(customer, rule, now));
}
