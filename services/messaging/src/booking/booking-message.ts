import type { BookingMessageFacts } from '@pawline/contracts';
import { BOOKING_LINE_LABELS, type BookingMessageKind, type MessageLanguage } from '@pawline/domain';
import { normaliseMobile } from '../directory/phone-number';
import { languagesFor, type MessageValues, type TemplateChoice } from '../template/message-composer';

// Issue 27: the customer who booked online hears "request received", "confirmed" (day, time, pet, treatment, the
// salon's address) or "not possible" (with the way back to the widget), through the booking templates registered
// in the salon's WhatsApp account (libs/domain booking-templates.ts), in the customer's language first.

/** What messaging knows of the store the request is for (its directory). */
export type BookingStore = { name: string; address: string | null; timeZone: string; country: string | null };

/** Why no message goes: the customer did not consent to messages, or gave no number WhatsApp can reach. */
export type BookingMessageSkip = { skipped: 'no_consent' | 'no_mobile' };

/** The template choices (customer's language, then the salon's) and the values to fill them with. */
export type BookingMessagePlan = { to: string; choices: TemplateChoice[]; values: MessageValues };

const WEB = /^https?:\/\/\S+$/i;

/** "Treatment: Bath, Trim." in the template's language; null when the request named none we know. */
export function treatmentLine(names: readonly string[], language: MessageLanguage): string | null {
  const list = names.map((name) => name.trim()).filter(Boolean);
  return list.length ? sentence(`${BOOKING_LINE_LABELS[language].treatment}: ${list.join(', ')}`) : null;
}

/** "Address: Via Roma 1, 00100 Roma."; null without one. */
export function addressLine(address: string | null, language: MessageLanguage): string | null {
  const text = address?.trim() ?? '';
  return text ? sentence(`${BOOKING_LINE_LABELS[language].address}: ${text}`) : null;
}

/** The lines stand between sentences of the template: each ends as one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The message for a booking event, or why none goes. A missing pet, treatment or address never becomes an empty
 * parameter: pet and store fall back to their words (whatsapp-wording.ts), treatment and address lines are folded
 * away (registered-template.ts); a "not possible" without the widget's page is refused by the composer
 * (incomplete_data: `link` is an anchor), recorded for staff.
 */
export function bookingMessagePlan(
  kind: BookingMessageKind,
  facts: BookingMessageFacts,
  store: BookingStore,
  salonLanguage: string,
): BookingMessagePlan | BookingMessageSkip {
  if (!facts.consent_messages) return { skipped: 'no_consent' };
  const to = normaliseMobile(facts.fon, store.country);
  if (!to) return { skipped: 'no_mobile' };
  const choices = languagesFor(facts.language, salonLanguage).map((language) => ({ key: `booking:${kind}`, language }));
  const link = facts.widget_url && WEB.test(facts.widget_url) ? facts.widget_url : null;
  return {
    to,
    choices,
    values: {
      to,
      timeZone: store.timeZone,
      at: facts.starts_at,
      text: {
        first_name: facts.first_name,
        store_name: store.name,
        pet_name: facts.pet_names
          .map((name) => name.trim())
          .filter(Boolean)
          .join(', '),
        link: kind === 'booking_declined' ? link : null,
      },
      localized:
        kind === 'booking_confirmed'
          ? (language) => ({
              treatment_line: treatmentLine(facts.treatment_names, language),
              address_line: addressLine(store.address, language),
            })
          : undefined,
    },
  };
}

export const isSkip = (plan: BookingMessagePlan | BookingMessageSkip): plan is BookingMessageSkip => 'skipped' in plan;

/** One message per request and kind, whatever the event's redeliveries. */
export const bookingDedupeKey = (kind: BookingMessageKind, slotId: string) => `booking:${kind}:${slotId}`;
