import type { BookingMessageFacts } from '@pawline/contracts';
import { BOOKING_MESSAGE_KINDS, MESSAGE_LANGUAGES, bookingTemplate, registeredTemplate, type BookingMessageKind } from '@pawline/domain';
import { anchorsOfBooking } from '../registry/wanted-templates';
import { fillRegistration } from '../template/message-composer';
import { bookingDedupeKey, bookingMessagePlan, isSkip, type BookingMessagePlan, type BookingStore } from './booking-message';

const facts: BookingMessageFacts = {
  first_name: 'Giulia',
  fon: '342 490 7092',
  language: 'it',
  consent_messages: true,
  starts_at: '2029-03-13T13:30:00.000Z',
  pet_names: ['Fido', 'Luna'],
  treatment_names: ['Bagno', 'Taglio'],
  widget_url: 'https://www.toelettatura.example',
};
const store: BookingStore = { name: 'Toelettatura Bau', address: 'Via Roma 1, 00100 Roma', timeZone: 'Europe/Rome', country: 'IT' };

function planOf(kind: BookingMessageKind, changes: Partial<BookingMessageFacts> = {}, storeChanges: Partial<typeof store> = {}) {
  const plan = bookingMessagePlan(kind, { ...facts, ...changes }, { ...store, ...storeChanges }, 'de');
  if (isSkip(plan)) throw new Error(`skipped: ${plan.skipped}`);
  return plan;
}

/** The plan filled with the booking template of a kind and language as it is registered with WhatsApp. */
function send(plan: BookingMessagePlan, kind: BookingMessageKind, language: (typeof MESSAGE_LANGUAGES)[number]) {
  const template = bookingTemplate(kind, language);
  const registered = registeredTemplate(template, anchorsOfBooking(kind));
  return { registered, sent: fillRegistration({ id: 'r1', name: template.name, language, button: 0, ...registered }, plan.values) };
}

describe('R1.09 bookingMessagePlan (issue 27: what a customer who booked online hears)', () => {
  it("picks the kind's booking template in the customer's language, then the salon's", () => {
    const plan = planOf('booking_confirmed');
    expect(plan.choices).toEqual([
      { key: 'booking:booking_confirmed', language: 'it' },
      { key: 'booking:booking_confirmed', language: 'de' },
    ]);
    expect(plan.to).toBe('393424907092');
    expect(planOf('booking_received', { language: 'xx' }).choices).toEqual([{ key: 'booking:booking_received', language: 'de' }]);
  });

  it('a confirmation names day, time, pets, treatments and the address in the language sent', () => {
    const { sent } = send(planOf('booking_confirmed'), 'booking_confirmed', 'it');
    expect(sent).toMatchObject({ templateName: 'pawline_booking_confirmed_v1', language: 'it' });
    expect('renderedText' in sent && sent.renderedText).toBe(
      'Ciao Giulia, Toelettatura Bau ha confermato l’appuntamento di Fido, Luna martedì 13 marzo 2029 alle 14:30. ' +
        'Trattamento: Bagno, Taglio. Indirizzo: Via Roma 1, 00100 Roma. A presto!',
    );
    const { sent: inGerman } = send(planOf('booking_confirmed'), 'booking_confirmed', 'de');
    expect('renderedText' in inGerman && inGerman.renderedText).toContain('Behandlung: Bagno, Taglio. Adresse: Via Roma 1, 00100 Roma.');
  });

  it('a refusal links back to the widget; without its page it is refused for staff, not sent with a hole', () => {
    const { sent } = send(planOf('booking_declined'), 'booking_declined', 'en');
    expect('renderedText' in sent && sent.renderedText).toContain(
      'Please choose another time here: https://www.toelettatura.example Thank you.',
    );
    expect(send(planOf('booking_declined', { widget_url: null }), 'booking_declined', 'en').sent).toEqual({
      refused: 'incomplete_data',
      detail: 'link',
    });
    expect(send(planOf('booking_declined', { widget_url: 'javascript:alert(1)' }), 'booking_declined', 'en').sent).toMatchObject({
      refused: 'incomplete_data',
    });
  });

  it('no consent to messages or no mobile number: nothing is sent', () => {
    expect(bookingMessagePlan('booking_received', { ...facts, consent_messages: false }, store, 'it')).toEqual({ skipped: 'no_consent' });
    expect(bookingMessagePlan('booking_received', { ...facts, fon: '06 1234' }, store, 'it')).toEqual({ skipped: 'no_mobile' });
  });

  it('never an empty parameter: every kind × language × present or missing pet, treatment, address, name', () => {
    const variants: Partial<BookingMessageFacts>[] = [];
    for (const pets of [['Fido'], [], ['  ']])
      for (const treatments of [['Bath'], []])
        for (const name of ['Giulia', ' ']) variants.push({ pet_names: pets, treatment_names: treatments, first_name: name });
    let checked = 0;
    for (const kind of BOOKING_MESSAGE_KINDS)
      for (const language of MESSAGE_LANGUAGES)
        for (const variant of variants)
          for (const address of ['Via Roma 1', null]) {
            const { registered, sent } = send(planOf(kind, variant, { address, name: address ? 'Bau' : '' }), kind, language);
            if ('refused' in sent) throw new Error(`${kind} ${language} refused: ${sent.detail}`);
            // WhatsApp refuses a count that differs from the registered template's (132000)
            expect(sent.parameters).toHaveLength(registered.body.match(/\{\{\d+\}\}/g)?.length ?? 0);
            for (const parameter of sent.parameters) expect(parameter.trim()).not.toBe('');
            expect(sent.renderedText).not.toMatch(/\{\{| {2}|\s\./);
            checked += 1;
          }
    expect(checked).toBe(BOOKING_MESSAGE_KINDS.length * 4 * 12 * 2);
  });

  it('one message per request and kind', () => {
    expect(bookingDedupeKey('booking_confirmed', 'a')).toBe('booking:booking_confirmed:a');
    expect(bookingDedupeKey('booking_received', 'a')).not.toBe(bookingDedupeKey('booking_confirmed', 'a'));
  });
});
