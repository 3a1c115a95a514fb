/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { calendarTranslator } from '../i18n/translator';
import { FakeSchedulingGateway, ORGA, renderOnDataLayer, STORE } from '../test-support/calendar-harness';
import { SendReminderNow } from './SendReminderNow';

const APPOINTMENT = 'a0000000-0000-4000-8000-000000000001';
const ROUTE = `/api/v1/orga/${ORGA}/store/${STORE}/appointment/${APPOINTMENT}/msg/reminder`;

/** The calendar's fake gateway with messaging's route for one appointment's reminder. */
class RemindingGateway extends FakeSchedulingGateway {
  sent = 0;
  override answer(method: string, path: string, body: unknown, url: URL) {
    if (method === 'POST' && path === ROUTE && this.failures.length === 0) {
      this.sent += 1;
      return { status: 202, body: { outbound_id: 'b0000000-0000-4000-8000-000000000001' } };
    }
    return super.answer(method, path, body, url);
  }
}

function mount(gateway: RemindingGateway, language: 'en' | 'it' = 'en') {
  return renderOnDataLayer(
    (bridge) => (
      <SendReminderNow
        ctx={{ bridge, t: calendarTranslator(language), storage: null }}
        at={{ orga: ORGA, store: STORE }}
        appointmentId={APPOINTMENT}
      />
    ),
    gateway,
    language,
  );
}

describe('R1.06 Send reminder now from the appointment dialog (issue 27)', () => {
  it("sends this appointment's reminder once and says it is queued", async () => {
    const gateway = new RemindingGateway();
    const { notify } = mount(gateway);
    const button = screen.getByRole('button', { name: 'Send reminder now' });
    fireEvent.click(button);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Reminder added to the queue'));
    expect(gateway.sent).toBe(1);
    // sent: a second click would send a second reminder
    expect(screen.getByTestId<HTMLButtonElement>('appointment-send-reminder').disabled).toBe(true);
  });

  // messaging names the reason by its text key (validation.*, messages.reason_*); the person reads the text
  it.each([
    ['validation.noReminderConsent', 'Il cliente non ha acconsentito a ricevere promemoria.'],
    ['messages.reason_template_rejected', 'Non inviato: WhatsApp ha rifiutato il modello.'],
  ])("a refusal (%s) is said in the user's language and nothing is sent", async (key, text) => {
    const gateway = new RemindingGateway();
    gateway.failures.push({
      method: 'POST',
      path: new RegExp(`${ROUTE}$`),
      status: 400,
      body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.', fields: { appointment_id: key } },
    });
    const { notify } = mount(gateway, 'it');
    fireEvent.click(screen.getByRole('button', { name: 'Invia promemoria ora' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, text));
    expect(gateway.sent).toBe(0);
    expect(screen.getByTestId<HTMLButtonElement>('appointment-send-reminder').disabled).toBe(false);
  });
});
