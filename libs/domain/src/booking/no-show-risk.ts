import type { RiskLevel } from '@pawline/contracts';

/**
 * Issue 30 how likely a customer is to leave the salon with an empty chair, from their own history only.
 *
 * Thresholds, and why (docs/adr/0060-no-show-risk.md has the longer reasoning):
 * - "Recent" is the last RISK_RECENT_DAYS (about six months, a grooming customer's two to four visits): an old
 *   habit the customer has dropped should not cost a deposit, a fresh one should.
 * - risky: 2 recent no-shows, or 1 recent no-show with 2 recent late cancellations, or 3 recent late
 *   cancellations. One no-show happens to anyone (a sick dog, a flat tyre); two in half a year is a pattern, and
 *   a late cancellation costs the salon almost as much (the time is rarely filled on short notice), so three count
 *   as much as two no-shows.
 * - watch: 1 recent no-show, 2 recent late cancellations, 2 or more no-shows overall (even old ones), or 3 recent
 *   declines (cancelled in time, but often): worth a look, no deposit yet by this rule alone.
 * - forgiveness: KEPT_VISITS_TO_FORGIVE kept visits after the latest miss lower the level one step, so a
 *   customer who missed once and came back faithfully is not watched forever.
 * Declines inside the window are late cancellations and are counted as such, not again as declines.
 */

/** a count over the whole known history and over the last RISK_RECENT_DAYS */
export type AttendanceCount = { total: number; recent: number };

/** What the risk rule reads of a customer's appointments (scheduling answers it, issue 30). */
export type CustomerAttendance = {
  /** status 3: did not come */
  no_shows: AttendanceCount;
  /** declined within the store's cancellation window before the start */
  late_cancellations: AttendanceCount;
  /** declined before the window (late cancellations not included) */
  declines: AttendanceCount;
  /** past appointments neither declined nor missed */
  kept: AttendanceCount;
  /** kept visits after the latest no-show or late cancellation (all kept visits without one) */
  kept_since_last_miss: number;
};

export const RISK_RECENT_DAYS = 182;
/** in months, as the reasons say it ("2 no-shows in the last 6 months") */
export const RISK_RECENT_MONTHS = 6;
export const KEPT_VISITS_TO_FORGIVE = 3;

/**
 * Why a level was given, as data the screens translate: a count of something in the last `months` (recent) or in
 * the whole history (`months` null), or the kept visits that lowered the level.
 */
export type RiskReason =
  | { code: 'no_shows' | 'late_cancellations' | 'declines'; count: number; months: number | null }
  | { code: 'kept_since_last_miss'; count: number };

export type NoShowRisk = {
  level: RiskLevel;
  reasons: RiskReason[];
  /** no visit kept yet: "new customers must give a card" applies */
  new_customer: boolean;
};

const recent = (code: 'no_shows' | 'late_cancellations' | 'declines', count: number): RiskReason => ({
  code,
  count,
  months: RISK_RECENT_MONTHS,
});

/** Issue 30 the no-show risk of a customer: a level with the reasons behind it (thresholds above). */
export function noShowRiskOf(history: CustomerAttendance): NoShowRisk {
  const noShows = history.no_shows.recent;
  const late = history.late_cancellations.recent;
  const reasons: RiskReason[] = [];
  let level: RiskLevel = 'none';

  if (noShows >= 2 || (noShows >= 1 && late >= 2) || late >= 3) level = 'risky';
  else if (noShows === 1 || late === 2 || history.no_shows.total >= 2 || history.declines.recent >= 3) level = 'watch';

  if (noShows > 0) reasons.push(recent('no_shows', noShows));
  if (late > 0) reasons.push(recent('late_cancellations', late));
  if (history.no_shows.total > noShows && history.no_shows.total >= 2)
    reasons.push({ code: 'no_shows', count: history.no_shows.total, months: null });
  if (history.declines.recent >= 3) reasons.push(recent('declines', history.declines.recent));

  const missedEver = history.no_shows.total + history.late_cancellations.total > 0;
  if (level !== 'none' && missedEver && history.kept_since_last_miss >= KEPT_VISITS_TO_FORGIVE) {
    level = level === 'risky' ? 'watch' : 'none';
    reasons.push({ code: 'kept_since_last_miss', count: history.kept_since_last_miss });
  }
  return { level, reasons: level === 'none' ? [] : reasons, new_customer: history.kept.total === 0 };
}

/** A customer nothing is known of yet (no appointment). */
export const NO_ATTENDANCE: CustomerAttendance = {
  no_shows: { total: 0, recent: 0 },
  late_cancellations: { total: 0, recent: 0 },
  declines: { total: 0, recent: 0 },
  kept: { total: 0, recent: 0 },
  kept_since_last_miss: 0,
};
