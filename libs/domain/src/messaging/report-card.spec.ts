import { reportCardNoteParameter, reportCardPlan, serviceWindowOpen, type ReportCardFacts } from './report-card';

const now = Date.UTC(2026, 11, 7, 17, 0);
const hour = 3_600_000;
const facts = (over: Partial<ReportCardFacts> = {}): ReportCardFacts => ({
  choice: 'send',
  consentMessages: true,
  hasPhone: true,
  senderReady: true,
  photos: 2,
  lastInboundAt: null,
  now,
  ...over,
});

describe('reportCardPlan (issue 31)', () => {
  it('sends the after photo in the template header and keeps the before photo when the customer never wrote', () => {
    expect(reportCardPlan(facts())).toEqual({
      send: true,
      template: 'report_card_photo',
      headerPhoto: 1,
      imageMessages: [],
      notSent: [0],
    });
  });

  it('sends the before photo as an image message when the customer wrote 2 hours ago', () => {
    expect(reportCardPlan(facts({ lastInboundAt: now - 2 * hour }))).toEqual({
      send: true,
      template: 'report_card_photo',
      headerPhoto: 1,
      imageMessages: [0],
      notSent: [],
    });
  });

  it('keeps the second photo back when the last message is exactly 24 hours old', () => {
    const plan = reportCardPlan(facts({ lastInboundAt: now - 24 * hour }));
    expect(plan).toMatchObject({ send: true, imageMessages: [], notSent: [0] });
  });

  it('sends one photo in the header and nothing else', () => {
    expect(reportCardPlan(facts({ photos: 1, lastInboundAt: now - hour }))).toEqual({
      send: true,
      template: 'report_card_photo',
      headerPhoto: 0,
      imageMessages: [],
      notSent: [],
    });
  });

  it('uses the text template for a card without photos', () => {
    expect(reportCardPlan(facts({ photos: 0 }))).toEqual({
      send: true,
      template: 'report_card_text',
      headerPhoto: null,
      imageMessages: [],
      notSent: [],
    });
  });

  it('never sends more than two photos', () => {
    expect(reportCardPlan(facts({ photos: 5, lastInboundAt: now - hour }))).toMatchObject({ headerPhoto: 1, imageMessages: [0] });
  });

  it.each([
    [{ choice: 'skip' as const }, 'staff_skipped'],
    [{ choice: 'later' as const }, 'staff_later'],
    [{ consentMessages: false }, 'no_consent'],
    [{ hasPhone: false }, 'no_phone'],
    [{ senderReady: false }, 'no_sender'],
  ])('holds the card back for %j (%s)', (over, reason) => {
    expect(reportCardPlan(facts(over))).toEqual({ send: false, reason });
  });

  it("staff's skip wins over a missing consent", () => {
    expect(reportCardPlan(facts({ choice: 'skip', consentMessages: false }))).toEqual({ send: false, reason: 'staff_skipped' });
  });
});

describe('serviceWindowOpen', () => {
  it('is open for 24 hours after the customer wrote and closed for a message from the future', () => {
    expect(serviceWindowOpen(now - 23 * hour, now)).toBe(true);
    expect(serviceWindowOpen(now - 24 * hour, now)).toBe(false);
    expect(serviceWindowOpen(null, now)).toBe(false);
    expect(serviceWindowOpen(now + hour, now)).toBe(false);
  });
});

describe('reportCardNoteParameter', () => {
  it('makes the note one line of at most 500 characters', () => {
    expect(reportCardNoteParameter('Coat: matted\nProducts:\toatmeal shampoo')).toBe('Coat: matted Products: oatmeal shampoo');
    expect(reportCardNoteParameter('x'.repeat(900))).toHaveLength(500);
  });

  it('answers a dash for an empty note, as WhatsApp refuses an empty parameter', () => {
    expect(reportCardNoteParameter('  \n ')).toBe('-');
  });
});
