import { PET_TYPES, type FreeSlot, type PublicAvailability, type PublicPetInput } from '@pawline/contracts';
import type { CatalogueKey } from './i18n';
import type { Booked, Challenge, CustomerCheck } from './public-api';

// What the customer has told the widget so far, and the steps between: the state machine of the flow,
// free of the DOM. Pet (or the known customer's pets) → treatments → groomer → slot → contact → done.

export type Step = 'pet' | 'customer' | 'pets' | 'treatments' | 'groomer' | 'slot' | 'contact' | 'done' | 'waitlist' | 'waitlisted';

/** the pet types a customer chooses from (spec §3 numbers) */
export const PET_TYPE_NUMBERS = { dog: PET_TYPES.dog, cat: PET_TYPES.cat, rabbit: PET_TYPES.rabbit } as const;
export const PET_TYPE_KEYS: Record<number, CatalogueKey> = { 0: 'petType_dog', 1: 'petType_dog', 2: 'petType_cat', 3: 'petType_rabbit' };
/** The progress line's number of each step ("Step 2 of 5"). */
export const STEP_NUMBER: Record<Step, number> = {
  pet: 1,
  customer: 1,
  pets: 1,
  treatments: 2,
  groomer: 3,
  slot: 4,
  contact: 5,
  done: 6,
  waitlist: 5,
  waitlisted: 6,
};
export const STEP_HEADINGS: Record<Step, CatalogueKey> = {
  pet: 'stepPet',
  customer: 'stepCustomer',
  pets: 'stepPets',
  treatments: 'stepTreatments',
  groomer: 'stepGroomer',
  slot: 'stepSlot',
  contact: 'stepContact',
  done: 'stepDone',
  waitlist: 'stepWaitlist',
  waitlisted: 'stepWaitlisted',
};
export const WEEK = 7;
/** weeks looked through for the first one with a free time before the widget shows an empty week */
export const AUTO_WEEKS = 8;
/** at most this many treatments in one request */
export const MAX_TREATMENTS = 10;

export type Contact = {
  first_name: string;
  last_name: string;
  fon: string;
  email: string;
  notes: string;
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
  accept_privacy: boolean;
};
export type Wishes = { weekdays: Set<number>; from_time: string; to_time: string; until: string };
export type NewPet = { name: string; pet_type: string; size: string; hair: string };
export type KnownPet = CustomerCheck['pets'][number];
/** The week shown: its first day, and its days once they came (null while they come). */
export type Week = { from: string; days: PublicAvailability['days'] | null };
/** What the widget is waiting for: nothing, a call, the proof of work (its share done), the request. */
export type Busy = { kind: 'idle' } | { kind: 'loading' } | { kind: 'securing'; share: number } | { kind: 'sending' };
export type FieldErrors = Record<string, CatalogueKey>;

export type BookingState = {
  step: Step;
  /** the steps before this one, for Back */
  history: Step[];
  newPet: NewPet;
  known: { fon: string; last_name: string; pets: KnownPet[] } | null;
  knownChosen: Set<string>;
  treatmentIds: Set<string>;
  userId: string | null;
  week: Week | null;
  slot: FreeSlot | null;
  /** the challenge a lost race's answer brought for the next try */
  nextChallenge: Challenge | null;
  contact: Contact;
  booked: Booked | null;
  /** issue 30 what the customer wishes when nothing fits: days (0 Sunday … 6), earliest and latest start, last day */
  wishes: Wishes;
  /** the last day of the waitlist they joined */
  waitlisted: string | null;
  busy: Busy;
  fieldErrors: FieldErrors;
};

export const emptyContact = (): Contact => ({
  first_name: '',
  last_name: '',
  fon: '',
  email: '',
  notes: '',
  consent_messages: false,
  consent_reminders: false,
  consent_marketing: false,
  accept_privacy: false,
});

const emptyPet = (): NewPet => ({ name: '', pet_type: '', size: '', hair: '' });

export function initialState(): BookingState {
  return {
    step: 'pet',
    history: [],
    newPet: emptyPet(),
    known: null,
    knownChosen: new Set(),
    treatmentIds: new Set(),
    userId: null,
    week: null,
    slot: null,
    nextChallenge: null,
    contact: emptyContact(),
    booked: null,
    wishes: { weekdays: new Set(), from_time: '', to_time: '', until: '' },
    waitlisted: null,
    busy: { kind: 'idle' },
    fieldErrors: {},
  };
}

/** The waitlist's wishes and contact: what is missing or contradicts itself, before anything is sent. */
export function waitlistErrors(state: BookingState, today: string): FieldErrors {
  const errors: FieldErrors = { ...contactErrors(state.contact) };
  const { from_time, to_time, until } = state.wishes;
  if (from_time && to_time && from_time > to_time) errors.to_time = 'timeOrder';
  if (!until) errors.until = 'required';
  else if (until < today) errors.until = 'untilPast';
  if (!state.contact.consent_messages) errors.consent_messages = 'waitlistConsentRequired';
  return errors;
}

/** Forward to a step; Back returns to this one. */
export function advance(state: BookingState, step: Step): void {
  state.history.push(state.step);
  state.step = step;
  state.fieldErrors = {};
}

/** Back to the step before; false when there is none. */
export function retreat(state: BookingState): boolean {
  const previous = state.history.pop();
  if (!previous) return false;
  state.step = previous;
  state.fieldErrors = {};
  return true;
}

/** Starts again at a step with no way back (an unknown customer, a booking done). */
export function restartAt(state: BookingState, step: Step): void {
  state.history = [];
  state.step = step;
}

/** "Book another": the flow from the start, keeping who the customer is. */
export function anotherBooking(state: BookingState): void {
  const { first_name, last_name, fon, email } = state.contact;
  Object.assign(state, {
    step: 'pet',
    history: [],
    newPet: emptyPet(),
    known: null,
    userId: null,
    week: null,
    slot: null,
    contact: { ...emptyContact(), first_name, last_name, fon, email },
    booked: null,
  });
  state.knownChosen.clear();
  state.treatmentIds.clear();
}

export function toggle(set: Set<string>, id: string, on: boolean): void {
  if (on) set.add(id);
  else set.delete(id);
}

/** The pets of the request: the known customer's chosen ones, or the one described. */
export function requestPets(state: BookingState): PublicPetInput[] {
  if (state.known) {
    return state.known.pets
      .filter((pet) => state.knownChosen.has(pet.pet_id))
      .map((pet) => ({
        pet_id: pet.pet_id,
        name: pet.name,
        pet_type: pet.pet_type as PublicPetInput['pet_type'],
        breed: pet.breed,
        size: pet.size as PublicPetInput['size'],
        hair: pet.hair as PublicPetInput['hair'],
      }));
  }
  const pet = state.newPet;
  return [
    {
      pet_id: null,
      name: pet.name.trim(),
      pet_type: Number(pet.pet_type) as PublicPetInput['pet_type'],
      breed: null,
      size: pet.size as PublicPetInput['size'],
      hair: pet.hair as PublicPetInput['hair'],
    },
  ];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function petErrors(pet: NewPet): FieldErrors {
  const errors: FieldErrors = {};
  if (!pet.pet_type) errors.pet_type = 'required';
  if (!pet.size) errors.size = 'required';
  if (!pet.hair) errors.hair = 'required';
  if (!pet.name.trim()) errors.name = 'required';
  return errors;
}

export function customerErrors(contact: Contact): FieldErrors {
  const errors: FieldErrors = {};
  if (contact.fon.trim().length < 5) errors.fon = 'fonInvalid';
  if (!contact.last_name.trim()) errors.last_name = 'required';
  return errors;
}

export function contactErrors(contact: Contact): FieldErrors {
  const errors: FieldErrors = {};
  if (!contact.first_name.trim()) errors.first_name = 'required';
  if (!contact.last_name.trim()) errors.last_name = 'required';
  if (contact.fon.trim().length < 5) errors.fon = 'fonInvalid';
  if (contact.email.trim() && !EMAIL.test(contact.email.trim())) errors.email = 'emailInvalid';
  if (!contact.accept_privacy) errors.accept_privacy = 'privacyRequired';
  return errors;
}
