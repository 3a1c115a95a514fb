import type { ReportCard } from '@pawline/contracts';
import { reportCardError, reportCardFormOf } from './report-card-form';

const card: ReportCard = {
  appointment_id: 'a0000000-0000-4000-8000-000000000001',
  pet_id: 'b0000000-0000-4000-8000-000000000001',
  store_id: 'c0000000-0000-4000-8000-000000000001',
  note: 'Matted behind the ears',
  choice: 'later',
  local_date: '2026-12-07',
  created_by: null,
  created_at: '2026-12-07T10:00:00.000Z',
  updated_at: '2026-12-07T10:00:00.000Z',
};

describe('report card form (issue 31)', () => {
  it('starts empty to send, or from the saved card', () => {
    expect(reportCardFormOf(null)).toEqual({ note: '', choice: 'send' });
    expect(reportCardFormOf(card)).toEqual({ note: 'Matted behind the ears', choice: 'later' });
  });

  it('needs a note unless the card is skipped, and at most 2000 characters', () => {
    expect(reportCardError({ note: '  ', choice: 'send' })).toBe('calendar.reportCardNoteNeeded');
    expect(reportCardError({ note: '', choice: 'later' })).toBe('calendar.reportCardNoteNeeded');
    expect(reportCardError({ note: '', choice: 'skip' })).toBeNull();
    expect(reportCardError({ note: 'x'.repeat(2001), choice: 'skip' })).toBe('calendar.reportCardNoteTooLong');
    expect(reportCardError({ note: 'Calm', choice: 'send' })).toBeNull();
  });
});
