import { APPOINTMENT_STATUS, REMINDER_STATUS } from '@pawline/contracts';
// Reminders, customers' answers and campaigns in analytics' read model (spec §1 R1.12, §3 campaign customers,
// §4 WhatsApp reminder status; docs/adr/0034). These happen at a moment, not on an appointment's day, so their
// counters are kept per store and quarter of an hour in UTC (`slot`): every time zone's offset is a whole
// number of quarters, so a store's local days are exact unions of slots whatever its zone. Like the
// appointments' counters, a change moves them by cells(new) − cells(old): a repeated or late event changes nothing.

/** spec §4: a message counts as sent once the provider took it, as read once read or opened (a button tapped). */
const SENT_STATUSES = new Set<number>([REMINDER_STATUS.sent, REMINDER_STATUS.delivered, REMINDER_STATUS.read, REMINDER_STATUS.opened]);
const READ_STATUSES = new Set<number>([REMINDER_STATUS.read, REMINDER_STATUS.opened]);
const OPENED = REMINDER_STATUS.opened;
/** spec §3: the answer to a reminder's buttons. */
const ANSWER_CONFIRMED = APPOINTMENT_STATUS.confirmed_by_customer;
const ANSWER_DECLINED = APPOINTMENT_STATUS.declined_by_customer;

const SLOT_MS = 15 * 60_000;

export const MOMENT_KINDS = [
  'reminder_sent',
  'reminder_read',
  'reminder_confirmed',
  'reminder_declined',
  /** count: campaigns sent; amount: their customers */
  'campaign_sent',
  'campaign_msg_sent',
  'campaign_msg_read',
  /** the customer tapped 'read' */
  'campaign_confirmed',
  /** the customer tapped 'don't read' or 'unsubscribe': marketing consent withdrawn */
  'campaign_unsubscribed',
] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

export type MomentCell = { orga_id: string; store_id: string; slot: string; kind: MomentKind; count: number; amount: number };

/** The quarter of an hour (UTC, ISO) an instant is counted in. */
export function slotOf(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${instant}`);
  return new Date(Math.floor(ms / SLOT_MS) * SLOT_MS).toISOString();
}

type Scope = { orga_id: string; store_id: string };

/** One reminder (an outbound message of an appointment): when it was first sent and first read. */
export type ReminderFact = Scope & {
  outbound_id: string;
  appointment_id: string;
  /** the highest status seen (messaging moves forward only) */
  status: number;
  sent_at: string | null;
  read_at: string | null;
};

/**
 * A reminder's status moved (messaging's status-changed event at `at`). A read or opened reminder was sent
 * too, even when its 'sent' came later or never. Null when nothing changes (a repeat, a late status).
 */
export function reminderAfter(
  previous: ReminderFact | null,
  event: Scope & { outbound_id: string; appointment_id: string; reminder_status: number },
  at: string,
): ReminderFact | null {
  const status = event.reminder_status;
  const base: ReminderFact = previous ?? {
    orga_id: event.orga_id,
    store_id: event.store_id,
    outbound_id: event.outbound_id,
    appointment_id: event.appointment_id,
    status,
    sent_at: null,
    read_at: null,
  };
  const next: ReminderFact = {
    ...base,
    status: Math.max(previous?.status ?? status, status),
    sent_at: base.sent_at ?? (SENT_STATUSES.has(status) ? at : null),
    read_at: base.read_at ?? (READ_STATUSES.has(status) ? at : null),
  };
  if (previous && previous.status === next.status && previous.sent_at === next.sent_at && previous.read_at === next.read_at) return null;
  return next;
}

/** One of a store's counters in the 15-minute slot of an instant: `count` things, worth `amount`. */
function momentCell(scope: Scope, kind: MomentKind, at: string, amount = 0): MomentCell {
  return { orga_id: scope.orga_id, store_id: scope.store_id, slot: slotOf(at), kind, count: 1, amount };
}

export function reminderCells(fact: ReminderFact | null): MomentCell[] {
  if (!fact) return [];
  const cells: MomentCell[] = [];
  const cell = (kind: MomentKind, at: string) => momentCell(fact, kind, at);
  if (fact.sent_at) cells.push(cell('reminder_sent', fact.sent_at));
  if (fact.read_at) cells.push(cell('reminder_read', fact.read_at));
  return cells;
}

/**
 * A customer's answer to an appointment's reminder (scheduling's status_by_customer: the only way a customer
 * sets an appointment's status). The newest snapshot version wins; the answer counts when it was given.
 */
export type ReminderAnswer = Scope & { appointment_id: string; version: string; status: number; answered_at: string };

export function answerAfter(previous: ReminderAnswer | null, next: ReminderAnswer): ReminderAnswer | null {
  if (previous && previous.version >= next.version) return null;
  return next;
}

export function answerCells(answer: ReminderAnswer | null): MomentCell[] {
  if (!answer) return [];
  const kind: MomentKind | null =
    answer.status === ANSWER_CONFIRMED ? 'reminder_confirmed' : answer.status === ANSWER_DECLINED ? 'reminder_declined' : null;
  return kind ? [momentCell(answer, kind, answer.answered_at)] : [];
}

/** A campaign sent (marketing's sent event, once): its customers handed to messaging. */
export type CampaignFact = Scope & { campaign_id: string; customers: number; sent_at: string };

export function campaignCells(fact: CampaignFact | null): MomentCell[] {
  if (!fact) return [];
  return [momentCell(fact, 'campaign_sent', fact.sent_at, fact.customers)];
}

/** One customer's message of a campaign (spec §3 campaign customers: message status, opener confirmation). */
export type CampaignMessageFact = Scope & {
  campaign_id: string;
  customer_id: string;
  status: number;
  sent_at: string | null;
  read_at: string | null;
  /** the first tap on a button */
  answered_at: string | null;
  /** the last tap: 'read' true, 'don't read' or 'unsubscribe' false */
  confirmed: boolean | null;
};

/** A campaign message's status moved (messaging's event at `at`); null when nothing changes. */
export function campaignMessageAfter(
  previous: CampaignMessageFact | null,
  event: Scope & { campaign_id: string; customer_id: string; status: number; confirmed?: boolean | undefined },
  at: string,
): CampaignMessageFact | null {
  const status = event.status;
  const base: CampaignMessageFact = previous ?? {
    orga_id: event.orga_id,
    store_id: event.store_id,
    campaign_id: event.campaign_id,
    customer_id: event.customer_id,
    status,
    sent_at: null,
    read_at: null,
    answered_at: null,
    confirmed: null,
  };
  const answered = status === OPENED && event.confirmed !== undefined;
  const next: CampaignMessageFact = {
    ...base,
    status: Math.max(previous?.status ?? status, status),
    sent_at: base.sent_at ?? (SENT_STATUSES.has(status) ? at : null),
    read_at: base.read_at ?? (READ_STATUSES.has(status) ? at : null),
    answered_at: base.answered_at ?? (answered ? at : null),
    confirmed: answered ? (event.confirmed ?? null) : base.confirmed,
  };
  const same =
    previous &&
    previous.status === next.status &&
    previous.sent_at === next.sent_at &&
    previous.read_at === next.read_at &&
    previous.answered_at === next.answered_at &&
    previous.confirmed === next.confirmed;
  return same ? null : next;
}

export function campaignMessageCells(fact: CampaignMessageFact | null): MomentCell[] {
  if (!fact) return [];
  const cells: MomentCell[] = [];
  const cell = (kind: MomentKind, at: string) => momentCell(fact, kind, at);
  if (fact.sent_at) cells.push(cell('campaign_msg_sent', fact.sent_at));
  if (fact.read_at) cells.push(cell('campaign_msg_read', fact.read_at));
  if (fact.answered_at && fact.confirmed !== null)
    cells.push(cell(fact.confirmed ? 'campaign_confirmed' : 'campaign_unsubscribed', fact.answered_at));
  return cells;
}

/** Adds moment cells with signs into deltas, dropping those that cancel out. */
export class MomentSum {
  private readonly cells = new Map<string, MomentCell>();

  add(cells: readonly MomentCell[], sign: 1 | -1 = 1): this {
    for (const c of cells) {
      const key = `${c.store_id}|${c.slot}|${c.kind}`;
      const found = this.cells.get(key);
      if (found) {
        found.count += sign * c.count;
        found.amount += sign * c.amount;
      } else this.cells.set(key, { ...c, count: sign * c.count, amount: sign * c.amount });
    }
    return this;
  }

  /** cells(next) − cells(previous) */
  change(previous: readonly MomentCell[], next: readonly MomentCell[]): this {
    return this.add(previous, -1).add(next, 1);
  }

  result(): MomentCell[] {
    return [...this.cells.values()].filter((c) => c.count !== 0 || c.amount !== 0);
  }
}
