import type { AppointmentCardField } from '@pawline/domain';

/** What a card can show of an appointment, already worded (empty when the appointment has none). */
export type CardParts = Record<AppointmentCardField, string>;

/**
 * The card's text for the organization's chosen fields (appointment_card_custom), one line each in
 * their order; fields the appointment has nothing for are left out, and a card left with no line
 * shows `fallback`. AppointmentCard shows the first line after the time, the others below it.
 */
export function cardText(fields: readonly AppointmentCardField[], parts: CardParts, fallback: string): string {
  const lines = fields.map((field) => parts[field].trim()).filter((line) => line !== '');
  return lines.length > 0 ? lines.join('\n') : fallback;
}
