import {
  appointmentStatusByCustomerEvent,
  bookingRuleCreatedEvent,
  bookingRuleDeletedEvent,
  campaignMessageStatusEvent,
  campaignSentEvent,
  reminderStatusChangedEvent,
} from '@pawline/contracts';
import { MomentSum, answerCells, campaignCells, campaignMessageCells, reminderCells } from '@pawline/domain';
import { ProjectionFold } from './rebuild';

const ORGA = '11111111-1111-4111-8111-111111111111';
const STORE = '55555555-5555-4555-8555-555555555555';
const APPOINTMENT = '66666666-6666-4666-8666-666666666666';
const OUTBOUND = '77777777-7777-4777-8777-777777777777';
const CAMPAIGN = '88888888-8888-4888-8888-888888888888';
const CUSTOMER = '99999999-9999-4999-8999-999999999999';
const RULE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const T1 = '2026-11-20T11:00:00.000Z';
const T2 = '2026-11-20T12:30:00.000Z';

/** What the fold's moment counters add up to, as kind → count. */
function counted(fold: ProjectionFold): Record<string, number> {
  const sum = new MomentSum();
  for (const f of fold.reminders.values()) sum.add(reminderCells(f));
  for (const a of fold.answers.values()) sum.add(answerCells(a));
  for (const c of fold.campaigns.values()) sum.add(campaignCells(c));
  for (const m of fold.campaignMessages.values()) sum.add(campaignMessageCells(m));
  const totals: Record<string, number> = {};
  for (const cell of sum.result()) totals[cell.kind] = (totals[cell.kind] ?? 0) + cell.count;
  return totals;
}

const snapshot = (version: string, status: number) => ({
  id: APPOINTMENT,
  date: '2026-11-21',
  hour: 10,
  min: 0,
  starts_at: '2026-11-21T09:00:00.000Z',
  ends_at: '2026-11-21T10:00:00.000Z',
  full_day: false,
  status,
  pet_ids: [],
  user_id: null,
  version,
});

describe('the rebuild fold applies the live consumer rules to reminders, answers, campaigns and working hours', () => {
  it('R1.12 counts a reminder sent and read once however often its statuses repeat', () => {
    const fold = new ProjectionFold();
    const status = (reminder_status: number) => ({
      orga_id: ORGA,
      store_id: STORE,
      appointment_id: APPOINTMENT,
      outbound_id: OUTBOUND,
      reminder_status,
    });
    fold.apply(reminderStatusChangedEvent.subject, status(1), T1);
    fold.apply(reminderStatusChangedEvent.subject, status(1), T2);
    fold.apply(reminderStatusChangedEvent.subject, status(3), T2);
    fold.apply(reminderStatusChangedEvent.subject, status(2), T2);
    expect(counted(fold)).toEqual({ reminder_sent: 1, reminder_read: 1 });
    expect(fold.reminders.get(OUTBOUND)).toMatchObject({ sent_at: T1, read_at: T2, status: 3 });
  });

  it("R1.12 keeps the customer's newest answer to a reminder (status_by_customer), counted when given", () => {
    const fold = new ProjectionFold();
    const answer = (version: string, status: number) => ({
      orga_id: ORGA,
      store_id: STORE,
      appointment_id: APPOINTMENT,
      appointment_ids: [APPOINTMENT],
      recurring_group_id: null,
      recurring_group_main: false,
      pet_ids: [],
      appointments: [snapshot(version, status)],
      status,
      date: '2026-11-21',
      hour: 10,
      min: 0,
    });
    fold.apply(appointmentStatusByCustomerEvent.subject, answer('2026-11-20T11:00:00.000001Z', 1), T1);
    fold.apply(appointmentStatusByCustomerEvent.subject, answer('2026-11-20T12:30:00.000001Z', 2), T2);
    // the first answer again (a redelivery): older, ignored
    fold.apply(appointmentStatusByCustomerEvent.subject, answer('2026-11-20T11:00:00.000001Z', 1), T2);
    expect(counted(fold)).toEqual({ reminder_declined: 1 });
    expect(fold.answers.get(APPOINTMENT)).toMatchObject({ status: 2, answered_at: T2 });
    // the answer's snapshot moves the appointment too, as the consumer's applySnapshots does
    expect(fold.facts.get(APPOINTMENT)?.facts.status).toBe(2);
  });

  it('R4.13 R3.11 counts a campaign sent once, its messages sent and read, and each answer; a message without a store takes its campaign one', () => {
    const fold = new ProjectionFold();
    const sent = { orga_id: ORGA, store_id: STORE, campaign_id: CAMPAIGN, customers: 2 };
    fold.apply(campaignSentEvent.subject, sent, T1);
    fold.apply(campaignSentEvent.subject, sent, T2);
    const message = (status: number, confirmed?: boolean) => ({
      orga_id: ORGA,
      store_id: null,
      campaign_id: CAMPAIGN,
      customer_id: CUSTOMER,
      outbound_id: OUTBOUND,
      status,
      ...(confirmed === undefined ? {} : { confirmed }),
    });
    fold.apply(campaignMessageStatusEvent.subject, message(0) as never, T1);
    fold.apply(campaignMessageStatusEvent.subject, message(1) as never, T1);
    fold.apply(campaignMessageStatusEvent.subject, message(3) as never, T2);
    fold.apply(campaignMessageStatusEvent.subject, message(4, true) as never, T2);
    expect(counted(fold)).toEqual({ campaign_sent: 1, campaign_msg_sent: 1, campaign_msg_read: 1, campaign_confirmed: 1 });
    expect(fold.campaigns.get(CAMPAIGN)).toMatchObject({ customers: 2, sent_at: T1 });
    expect(fold.campaignMessages.get(`${CAMPAIGN}|${CUSTOMER}`)?.store_id).toBe(STORE);
  });

  it('R1.12 keeps booking rules as working hours with when they were made and deleted; a rule event without the rule is skipped', () => {
    const fold = new ProjectionFold();
    const rule = {
      id: RULE,
      orga_id: ORGA,
      store_id: STORE,
      user_id: CUSTOMER,
      kind: 'open' as const,
      weekday: 1,
      date_start: 0,
      date_end: 0,
      start_hour: 9,
      start_min: 30,
      start_sec: 0,
      end_hour: 17,
      end_min: 0,
      end_sec: 0,
      start_date: null,
      end_date: null,
      start_time: '09:30:00',
      end_time: '17:00:00',
      created_at: T1,
    };
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: OUTBOUND }, T1);
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: RULE, rule }, T1);
    fold.apply(bookingRuleDeletedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: RULE }, T2);
    fold.apply(bookingRuleDeletedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: RULE }, '2026-12-01T00:00:00.000Z');
    expect([...fold.rules.keys()]).toEqual([RULE]);
    expect(fold.rules.get(RULE)).toMatchObject({
      user_id: CUSTOMER,
      weekday: 1,
      start_sec: 9.5 * 3600,
      end_sec: 17 * 3600,
      created_at: T1,
      deleted_at: T2,
    });
  });

  it('R1.12 a rule published again (booking republish-rules) counts from when booking made it, and a rule already known stays as it was', () => {
    const fold = new ProjectionFold();
    const rule = (id: string, start_hour: number) => ({
      id,
      orga_id: ORGA,
      store_id: STORE,
      user_id: CUSTOMER,
      kind: 'open' as const,
      weekday: null,
      date_start: 0,
      date_end: 0,
      start_hour,
      start_min: 0,
      start_sec: 0,
      end_hour: 17,
      end_min: 0,
      end_sec: 0,
      start_date: null,
      end_date: null,
      start_time: '',
      end_time: '',
      created_at: T1,
    });
    // an old rule: the id-only event, then the command's event a week later
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: OUTBOUND }, T1);
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: OUTBOUND, rule: rule(OUTBOUND, 8) }, T2);
    // a rule known since it was made, published again (a later edit of the content would be a new rule in booking)
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: RULE, rule: rule(RULE, 9) }, T1);
    fold.apply(bookingRuleCreatedEvent.subject, { orga_id: ORGA, store_id: STORE, rule_id: RULE, rule: rule(RULE, 10) }, T2);
    expect(fold.rules.get(OUTBOUND)).toMatchObject({ start_sec: 8 * 3600, created_at: T1, deleted_at: null });
    expect(fold.rules.get(RULE)).toMatchObject({ start_sec: 9 * 3600, created_at: T1, deleted_at: null });
  });
});
