/**
 * What an appointment card of the calendar shows, in order: the organization's
 * appointment_card_custom setting (spec §3), a JSON list of field names such as
 * `["pets","treatments","price"]`.
 */
export const APPOINTMENT_CARD_FIELDS = ['name', 'pets', 'treatments', 'notes', 'price'] as const;
export type AppointmentCardField = (typeof APPOINTMENT_CARD_FIELDS)[number];

/** The card without a setting: the appointment's name (its title, else its pets, else its treatments). */
export const DEFAULT_APPOINTMENT_CARD: readonly AppointmentCardField[] = ['name'];

const isCardField = (value: unknown): value is AppointmentCardField =>
  typeof value === 'string' && (APPOINTMENT_CARD_FIELDS as readonly string[]).includes(value);

/**
 * The card's fields from the stored setting. Unparseable data is ignored (R8.08): anything but a
 * JSON list of known field names gives the default card; a name twice counts once.
 */
export function parseAppointmentCard(custom: string | null | undefined): readonly AppointmentCardField[] {
  if (!custom) return DEFAULT_APPOINTMENT_CARD;
  let parsed: unknown;
  try {
    parsed = JSON.parse(custom);
  } catch {
    return DEFAULT_APPOINTMENT_CARD;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isCardField)) return DEFAULT_APPOINTMENT_CARD;
  return [...new Set(parsed)];
}

/** The stored form of a card's fields; the default card is stored as null (no setting). */
export function appointmentCardSetting(fields: readonly AppointmentCardField[]): string | null {
  const unique = [...new Set(fields.filter(isCardField))];
  if (unique.length === 0 || (unique.length === 1 && unique[0] === 'name')) return null;
  return JSON.stringify(unique);
}
