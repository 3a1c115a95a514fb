import type { OutboundReason } from '@pawline/contracts';
import type { ButtonSet, OutgoingMessage, SenderCredentials, TemplateMessage } from './provider.port';

/**
 * Ports between the parts of the messaging service. Each has one implementation in the module named
 * beside it; the pipeline and the inbox depend on these types, not on each other's classes.
 */

/** Senders and their organizations (implemented by ../sender). */
export interface SenderDirectory {
  senderFor(orgaId: string): Promise<SenderCredentials | null>;
  /** which organization a webhook's phone_number_id belongs to */
  orgaOfPhoneNumberId(phoneNumberId: string): Promise<string | null>;
}
export const SENDER_DIRECTORY = Symbol('SENDER_DIRECTORY');

/** spec §3 template types */
export const TEMPLATE_TYPE = {
  appointment_reminder: 0,
  pet_birthday: 1,
  reminder_to_book: 2,
  marketing: 3,
  pre_appointment: 4,
} as const;
export type TemplateType = (typeof TEMPLATE_TYPE)[keyof typeof TEMPLATE_TYPE];

/** What the scheduler found due: enough for the composer to fill a template. */
export type DueReminder = {
  orgaId: string;
  storeId: string;
  templateType: TemplateType;
  customerId: string;
  /** the appointment for types 0 and 4 */
  appointmentId: string | null;
  /** the pet for type 1 (birthday) and 2 (reminder to book) */
  petId: string | null;
};

/** The message to send: the approved registration's name and language, its parameters, the buttons. */
export type ComposedReminder = Omit<TemplateMessage, 'kind' | 'buttonPayloads'> & {
  buttons: ButtonSet;
  /** the registration in the salon's WhatsApp account it is sent with (waba_template) */
  registrationId?: string;
};

/** Why a message cannot be sent (recorded on it for staff, never dropped silently). */
export type ComposeRefusal = { refused: OutboundReason; detail: string | null };
export type Composition = ComposedReminder | ComposeRefusal;

export function isRefusal(composition: Composition): composition is ComposeRefusal {
  return 'refused' in composition;
}

/**
 * Fills the organization's template for a due reminder (implemented by ../template): the message, why it
 * cannot be sent, or null when the type is switched off (settings 2 = off) or the customer cannot get it.
 */
export interface ReminderComposer {
  compose(due: DueReminder): Promise<Composition | null>;
}
export const REMINDER_COMPOSER = Symbol('REMINDER_COMPOSER');

/** When one reminder type goes out for an organization (spec §1, §3 settings, §9). */
export type ReminderTiming = {
  templateType: Exclude<TemplateType, 3>;
  /** 'HH:MM' in each store's own time zone (msg_slot; 12:00 by default) */
  slot: string;
  /** types 0 and 4: days before the appointment (0: 1; 4: pre_appointment_days, at least 2); type 2: months since
   * the last appointment (3 quarterly, 12 yearly); type 1: 0 (the birthday itself) */
  offset: number;
};

/** The reminder types each organization has switched on, with their slots (implemented by ../template from the settings). */
export interface ReminderTimings {
  /** every organization asked for is in the answer; one without settings has the defaults (R1.06) */
  timingsOf(orgaIds: string[]): Promise<Map<string, ReminderTiming[]>>;
}
export const REMINDER_TIMINGS = Symbol('REMINDER_TIMINGS');

/** msg_left / msg_entitled (spec §3, §4, §8; implemented by ../quota). */
export interface MessageQuota {
  /** takes up to `count` messages from the organization's allowance; answers how many were granted */
  reserve(orgaId: string, count: number): Promise<number>;
  /** gives back messages reserved but not sent (a send that failed for good) */
  release(orgaId: string, count: number): Promise<void>;
}
export const MESSAGE_QUOTA = Symbol('MESSAGE_QUOTA');

/** Sends one message now, through the work queue and the worker's pacing (implemented by ../outbound). */
export interface OutboundSender {
  /** writes the outbound message and enqueues its job; answers the outbound message id */
  enqueue(message: {
    orgaId: string;
    storeId: string | null;
    /** reply: a staff member's; reminder: one appointment's reminder sent now by staff; booking: a booking message */
    kind: 'reply' | 'campaign' | 'reminder' | 'booking';
    customerId: string | null;
    /** the appointment the message is about: a tap on its buttons confirms or declines it, its card shows the status */
    appointmentId?: string | null;
    templateType?: number | null;
    /** one message per key whatever repeats (a booking message per request); default: the message's own id */
    dedupeKey?: string;
    content: OutgoingMessage;
  }): Promise<string>;
}
export const OUTBOUND_SENDER = Symbol('OUTBOUND_SENDER');

/** What messaging knows of other services' entities, kept from their events (implemented by ../directory). */
export type DirectoryCustomer = {
  customerId: string;
  orgaId: string;
  storeId: string;
  firstName: string;
  lastName: string;
  /** E.164 digits without '+', or null when the customer has no usable mobile number */
  phone: string | null;
  consentMessages: boolean;
  consentReminders: boolean;
  consentMarketing: boolean;
  /** the customer's language (en, it, de, fr), or null: the salon's */
  language: string | null;
};
/** What a due reminder's template names besides the customer (mcore's composer asks; ../directory answers). */
export type ReminderFacts = {
  customer: DirectoryCustomer;
  /** the appointment's pets (types 0, 4) or the one pet (types 1, 2), by name */
  petNames: string[];
  storeName: string;
  storePhone: string | null;
  /** IANA zone of the store */
  timeZone: string;
  /** the appointment's start (ISO 8601), null for types 1 and 2 */
  startsAt: string | null;
};
export interface Directory {
  customer(orgaId: string, customerId: string): Promise<DirectoryCustomer | null>;
  /** the facts of a due reminder, or null when its customer, appointment, pet or store is gone */
  reminderFacts(due: DueReminder): Promise<ReminderFacts | null>;
  /** the organization's customers with this number (usually one) */
  customersByPhone(orgaId: string, phone: string): Promise<DirectoryCustomer[]>;
}
export const DIRECTORY = Symbol('DIRECTORY');

/** Fills one of the organization's templates for a customer on a staff member's request (implemented by ../template). */
export interface TemplateComposer {
  /** a staff member's template to a customer; null when the template is not the organization's */
  composeForCustomer(request: {
    orgaId: string;
    storeId: string;
    customerId: string;
    templateId: string;
    /** the free-text addition of the template */
    addition: string;
    /** the appointment an appointment template (types 0, 4) is about; its buttons confirm it */
    appointmentId: string | null;
  }): Promise<Composition | null>;
  /** a campaign's marketing message (type 3) for one customer; null when the customer cannot get it */
  composeCampaign(request: { orgaId: string; storeId: string; customerId: string; templateId: string | null }): Promise<Composition | null>;
}
export const TEMPLATE_COMPOSER = Symbol('TEMPLATE_COMPOSER');
