import { shellTranslator } from '../i18n/translator';
import { notificationTexts } from './notification-api';

describe('notification texts', () => {
  it("R1.03 R3.16 the server's keys and values are read in the user's language", () => {
    const declined = {
      notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER' as const,
      title: 'notificationDeclinedTitle',
      text: 'notificationDeclinedText',
      params: { customer: 'Maria Bianchi', pet: 'Fido', date: '2026-11-26', time: '15:30' },
    };
    expect(notificationTexts(declined, shellTranslator('en'))).toEqual({
      title: 'Declined appointment',
      text: 'Maria Bianchi declined the appointment for Fido on 26/11/2026 at 15:30.',
    });
    expect(notificationTexts(declined, shellTranslator('it')).title).not.toBe('Declined appointment');
  });

  it('a key this shell does not know falls back to the type’s title and the values', () => {
    const unknown = { notification_type: 'NEW_BOOKING' as const, title: 'someNewKey', text: 'anotherNewKey', params: { name: 'Luca' } };
    expect(notificationTexts(unknown, shellTranslator('en'))).toEqual({ title: 'New booking request received', text: 'Luca' });
  });
});
