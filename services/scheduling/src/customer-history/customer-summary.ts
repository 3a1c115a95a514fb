import { APPOINTMENT_STATUS, type CustomerAppointmentSummary } from '@pawline/contracts';
import { averageTicketCents, netCents } from '@pawline/domain';

/** What the summary reads of each appointment of the customer's pets. */
export type SummaryRow = {
  id: string;
  /** the store's local day, YYYY-MM-DD */
  local_date: string;
  starts_at: Date;
  status: number;
  checked_out: boolean;
  price: number;
  discount: number;
  final_price: number | null;
  total: number | null;
};

export type SummaryRules = {
  now: Date;
  /** the status value of a missed appointment, null while there is none (NO_SHOW_STATUS) */
  noShowStatus: number | null;
  /** R1.20 the start of the counted history, null for the full history */
  historyFrom: Date | null;
};

/**
 * Issue 29 a customer's appointments at a glance: spend and average ticket from the check-outs (net of
 * discounts, as analytics counts revenue, R1.12), the last visit (before now, neither declined nor missed), the
 * upcoming ones, declines (status 2, R3.07) and no-shows. Each appointment counts once, whatever its pets.
 */
export function customerSummaryOf(rows: readonly SummaryRow[], rules: SummaryRules): CustomerAppointmentSummary {
  const { now, noShowStatus } = rules;
  const declined = (row: SummaryRow) => row.status === APPOINTMENT_STATUS.declined_by_customer;
  const missed = (row: SummaryRow) => noShowStatus !== null && row.status === noShowStatus;
  const kept = (row: SummaryRow) => !declined(row) && !missed(row);
  const checkedOut = rows.filter((row) => row.checked_out);
  const spend = checkedOut.reduce((sum, row) => sum + netCents(row), 0);
  let last: SummaryRow | null = null;
  for (const row of rows) {
    if (row.starts_at >= now || !kept(row)) continue;
    if (!last || row.starts_at > last.starts_at || (+row.starts_at === +last.starts_at && row.id > last.id)) last = row;
  }
  return {
    appointments: rows.length,
    upcoming: rows.filter((row) => row.starts_at >= now && kept(row)).length,
    checked_out: checkedOut.length,
    spend,
    average_ticket: checkedOut.length > 0 ? averageTicketCents(spend, checkedOut.length) : null,
    last_visit: last ? { appointment_id: last.id, date: last.local_date, starts_at: last.starts_at.toISOString() } : null,
    declined: rows.filter(declined).length,
    no_shows: noShowStatus === null ? null : rows.filter(missed).length,
    history_from: rules.historyFrom?.toISOString() ?? null,
  };
}
