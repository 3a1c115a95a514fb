import {
  MomentSum,
  answerAfter,
  answerCells,
  campaignMessageAfter,
  campaignMessageCells,
  reminderAfter,
  reminderCells,
  slotOf,
  type ReminderAnswer,
} from './engagement';

const scope = { orga_id: 'o1', store_id: 's1' };
const reminder = { ...scope, outbound_id: 'm1', appointment_id: 'a1' };
const T1 = '2026-11-20T11:07:00.000Z';
const T2 = '2026-11-20T13:52:10.000Z';

describe('analytics engagement rules (R1.12 reminders and campaigns)', () => {
  it('counts a moment in its quarter of an hour (UTC), so any zone offset makes whole local days of slots', () => {
    expect(slotOf(T1)).toBe('2026-11-20T11:00:00.000Z');
    expect(slotOf('2026-11-20T11:15:00.000+05:45')).toBe('2026-11-20T05:30:00.000Z');
    expect(() => slotOf('soon')).toThrow(RangeError);
  });

  it('R1.12 a reminder counts as sent once and as read once, whatever order its statuses arrive in', () => {
    const queued = reminderAfter(null, { ...reminder, reminder_status: 0 }, T1);
    expect(reminderCells(queued)).toEqual([]);
    const sent = reminderAfter(queued, { ...reminder, reminder_status: 1 }, T1);
    expect(reminderCells(sent).map((c) => [c.kind, c.slot])).toEqual([['reminder_sent', '2026-11-20T11:00:00.000Z']]);
    const read = reminderAfter(sent, { ...reminder, reminder_status: 3 }, T2);
    expect(reminderCells(read).map((c) => c.kind)).toEqual(['reminder_sent', 'reminder_read']);
    // a repeated or late status changes nothing
    expect(reminderAfter(read, { ...reminder, reminder_status: 3 }, T2)).toBeNull();
    expect(reminderAfter(read, { ...reminder, reminder_status: 1 }, T2)).toBeNull();
    // read before sent: it was sent then too, and the late 'sent' moves nothing
    const readFirst = reminderAfter(null, { ...reminder, reminder_status: 3 }, T2);
    expect(reminderCells(readFirst).map((c) => [c.kind, c.slot])).toEqual([
      ['reminder_sent', '2026-11-20T13:45:00.000Z'],
      ['reminder_read', '2026-11-20T13:45:00.000Z'],
    ]);
    expect(reminderAfter(readFirst, { ...reminder, reminder_status: 1 }, T1)).toBeNull();
  });

  it('R1.12 a failed reminder is never counted as sent', () => {
    const failed = reminderAfter(null, { ...reminder, reminder_status: 5 }, T1);
    expect(reminderCells(failed)).toEqual([]);
  });

  it("R1.12 counts a customer's answer to a reminder when given; a newer answer replaces it, an older one is ignored", () => {
    const confirm: ReminderAnswer = { ...scope, appointment_id: 'a1', version: 'v1', status: 1, answered_at: T1 };
    const decline: ReminderAnswer = { ...confirm, version: 'v2', status: 2, answered_at: T2 };
    expect(answerCells(answerAfter(null, confirm)).map((c) => c.kind)).toEqual(['reminder_confirmed']);
    expect(answerAfter(decline, confirm)).toBeNull();
    expect(answerAfter(confirm, confirm)).toBeNull();
    const delta = new MomentSum().change(answerCells(confirm), answerCells(answerAfter(confirm, decline))).result();
    expect(delta.map((c) => [c.kind, c.count])).toEqual([
      ['reminder_confirmed', -1],
      ['reminder_declined', 1],
    ]);
  });

  it('R3.11 a campaign message counts sent, read, and its answer: read confirms, any other button unsubscribes', () => {
    const message = { ...scope, campaign_id: 'c1', customer_id: 'k1' };
    const sent = campaignMessageAfter(null, { ...message, status: 1 }, T1);
    const opened = campaignMessageAfter(sent, { ...message, status: 4, confirmed: false }, T2);
    expect(campaignMessageCells(opened).map((c) => c.kind)).toEqual(['campaign_msg_sent', 'campaign_msg_read', 'campaign_unsubscribed']);
    // a second tap: the last answer is the customer's answer, still counted when first given
    const changed = campaignMessageAfter(opened, { ...message, status: 4, confirmed: true }, T2);
    expect(campaignMessageCells(changed).map((c) => c.kind)).toEqual(['campaign_msg_sent', 'campaign_msg_read', 'campaign_confirmed']);
    expect(campaignMessageAfter(changed, { ...message, status: 4, confirmed: true }, T2)).toBeNull();
    // a message messaging could not take (failed) is neither sent nor read
    expect(campaignMessageCells(campaignMessageAfter(null, { ...message, status: 5 }, T1))).toEqual([]);
  });

  it('sums signed cells and drops those that cancel out', () => {
    const cells = reminderCells(reminderAfter(null, { ...reminder, reminder_status: 1 }, T1));
    expect(new MomentSum().change(cells, cells).result()).toEqual([]);
    expect(new MomentSum().add(cells).add(cells).result()[0]?.count).toBe(2);
  });
});
