import { REMINDER_STATUS_NAMES } from '@pawline/contracts';
import { CATALOGUES } from '@pawline/i18n';
import { customerReplyKey, reminderStatusKey } from './reminder-status';

describe('reminder status on the card', () => {
  it("R4.12 has a text for each status in every language, 'WhatsApp failed, SMS will be sent' for failed", () => {
    for (const language of ['en', 'it', 'de', 'fr'] as const) {
      for (const name of Object.values(REMINDER_STATUS_NAMES)) {
        const key = reminderStatusKey(name).split('.')[1];
        expect(CATALOGUES[language].calendar[key]).toEqual(expect.any(String));
      }
    }
    expect(CATALOGUES.en.calendar['reminder_failed']).toBe('WhatsApp failed, SMS will be sent');
    expect(CATALOGUES.en.calendar['reminder_in_process']).toBe('In the process of sending');
  });

  it('R4.12 tells a Confirmed and a Declined reply apart', () => {
    expect(customerReplyKey(1)).toBe('calendar.confirmedByCustomer');
    expect(customerReplyKey(2)).toBe('calendar.declinedByCustomer');
    expect(customerReplyKey(0)).toBeNull();
  });
});
