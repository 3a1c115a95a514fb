import { requestPets, type BookingState } from './booking-state';
import type { WidgetLanguage } from './i18n';
import { solveChallenge } from './proof-of-work';
import type { Booked, BookingRequest, Challenge, PublicApi, Waitlisted } from './public-api';

// The last step's call: a challenge (the one a lost race brought, else a fresh one), its proof of work,
// then the request with everything the customer chose.

export type SendOptions = {
  api: PublicApi;
  language: WidgetLanguage;
  solve: typeof solveChallenge;
  /** the proof of work's share done, 0 to 1 */
  onProgress: (share: number) => void;
  /** the proof is found: the request goes out */
  onSolved: () => void;
};

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The request of the state's choices, with the solved challenge. */
export function bookingRequest(
  state: BookingState,
  language: WidgetLanguage,
  challenge: Challenge,
  nonce: BookingRequest['nonce'],
): BookingRequest {
  const { slot, contact } = state;
  if (!slot) throw new Error('no time chosen');
  return {
    slot_token: slot.token,
    starts_at: slot.starts_at,
    user_id: state.userId,
    treatment_ids: [...state.treatmentIds],
    pets: requestPets(state),
    first_name: contact.first_name.trim(),
    last_name: contact.last_name.trim(),
    fon: contact.fon.trim(),
    email: optional(contact.email),
    notes: optional(contact.notes),
    consent_messages: contact.consent_messages,
    consent_reminders: contact.consent_reminders,
    consent_marketing: contact.consent_marketing,
    accept_privacy: true,
    language,
    challenge: challenge.challenge,
    nonce,
  };
}

/** Secures and sends the request; a 409 (slot taken) throws with the fresh times and the next challenge. */
export async function secureAndSend(state: BookingState, options: SendOptions): Promise<Booked> {
  // a lost race's answer brought the next challenge: the retry asks for none
  const challenge = state.nextChallenge ?? (await options.api.challenge());
  state.nextChallenge = null;
  const solution = await options.solve(challenge.challenge, challenge.difficulty, { onProgress: options.onProgress });
  options.onSolved();
  return options.api.request(bookingRequest(state, options.language, challenge, solution.nonce));
}

/** issue 30 joins the waitlist with the pets, treatments, groomer, wishes and contact, behind a proof of work. */
export async function secureAndJoin(state: BookingState, options: SendOptions): Promise<Waitlisted> {
  const challenge = await options.api.challenge();
  const solution = await options.solve(challenge.challenge, challenge.difficulty, { onProgress: options.onProgress });
  options.onSolved();
  const { contact, wishes } = state;
  return options.api.joinWaitlist({
    treatment_ids: [...state.treatmentIds],
    pets: requestPets(state),
    user_id: state.userId,
    weekdays: [...wishes.weekdays].sort(),
    from_time: wishes.from_time || null,
    to_time: wishes.to_time || null,
    until: wishes.until,
    first_name: contact.first_name.trim(),
    last_name: contact.last_name.trim(),
    fon: contact.fon.trim(),
    email: optional(contact.email),
    notes: optional(contact.notes),
    consent_messages: contact.consent_messages,
    accept_privacy: true,
    language: options.language,
    challenge: challenge.challenge,
    nonce: solution.nonce,
  });
}
