import type { CloudTemplateStatus, TemplateRegistration } from '@pawline/domain';

/**
 * The provider port (docs/architecture.md, "Running it"): what the reminder pipeline and the inbox ask of WhatsApp,
 * SMS or the sandbox. Adapters live in ../provider; nothing outside them speaks a provider's wire.
 */

/** One organization's sender: its own WhatsApp number (spec §1: each salon sends from its own number). */
export type SenderCredentials = {
  orgaId: string;
  /** WhatsApp Cloud API phone number id (the sandbox uses a generated one) */
  phoneNumberId: string;
  /** decrypted only in memory, never logged */
  accessToken: string;
  /** messages per second this sender may send (80 by default, a setting) */
  capPerSecond: number;
};

/** spec §3: button 1 confirm/decline, 2 read/don't read, 3 read/don't read/unsubscribe; 0 = none */
export type ButtonSet = 0 | 1 | 2 | 3 | 4;

/** A pre-approved template with its numbered placeholders filled ({{1}}, {{2}} …). */
export type TemplateMessage = {
  kind: 'template';
  /** E.164 digits without '+' */
  to: string;
  templateName: string;
  /** 'en', 'it', 'de', 'fr' */
  language: string;
  /** values of {{1}}, {{2}} … in order */
  parameters: string[];
  buttons: ButtonSet;
  /** quick-reply payloads, one per button, e.g. `confirm:<outboundId>` */
  buttonPayloads: string[];
  /** the text the customer reads, kept for the record, the sandbox and the inbox */
  renderedText: string;
};

/** Free text, allowed only inside WhatsApp's 24-hour customer-service window (spec §5: at most 500 characters). */
export type TextMessage = { kind: 'text'; to: string; text: string };

export type OutgoingMessage = TemplateMessage | TextMessage;

/** A message that was not sent, kept with why (an outbound row's content; never given to a provider). */
export type RefusedContent = { kind: 'refused'; to: string; reason: string; detail: string | null };

export type SendResult = { providerMessageId: string };

/** How a send failed, in the words the worker decides on. */
export type ProviderFailureKind =
  | 'throttled' // 130429: sender above its throughput: retry later
  | 'pair_rate' // 131056: too many to this recipient: retry later
  | 'undeliverable' // 131026 and friends: do not retry WhatsApp; SMS fallback
  | 'transient' // 5xx, timeouts, connection errors: retry with backoff
  | 'rejected'; // 4xx that will not change on retry (bad token, bad template)

export class ProviderSendError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly code: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderSendError';
  }
}

export interface MessageProvider {
  /** 'whatsapp_cloud' | 'sandbox' | 'sms' … recorded on each outbound message */
  readonly name: string;
  send(sender: SenderCredentials, message: OutgoingMessage): Promise<SendResult>;
  /** downloads a customer's photo or file named in an inbound message (WhatsApp media id) */
  fetchMedia(sender: SenderCredentials, mediaId: string): Promise<{ bytes: Buffer; mimeType: string }>;
}

/** The WhatsApp provider chosen by configuration (sandbox by default on one machine). */
export const WHATSAPP_PROVIDER = Symbol('WHATSAPP_PROVIDER');
/** The SMS provider for 'WhatsApp failed, SMS will be sent' (spec §4). */
export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** A number as Meta reports it (the connect screen shows it). */
export type PhoneNumberStatus = {
  phoneNumberId: string;
  displayPhoneNumber: string;
  /** the display name Meta approved */
  verifiedName: string;
  /** GREEN, YELLOW, RED or UNKNOWN */
  qualityRating: string;
  /** TIER_250, TIER_1K … (business-initiated conversations a day), or null when Meta gives none */
  messagingLimit: string | null;
};

/** A template in a WhatsApp Business Account as the provider reports it. */
export type ProviderTemplate = {
  providerTemplateId: string;
  name: string;
  language: string;
  category: string;
  /** PENDING, APPROVED, REJECTED, PAUSED, DISABLED (others Meta has, e.g. IN_APPEAL, are read as PENDING) */
  status: CloudTemplateStatus;
  /** Meta's reason for a rejection (INVALID_FORMAT, INCORRECT_CATEGORY …) */
  reason: string | null;
};

/** A refusal of the business API (onboarding, templates), with Meta's code and subcode. */
export class BusinessApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'BusinessApiError';
  }
}

/**
 * What onboarding and template management ask of WhatsApp (a Tech Provider's calls): Embedded Signup's code
 * for a business token, the accounts and numbers it reaches, the app's webhook subscription, registration, and
 * templates. The Cloud API adapter speaks Meta's Graph API; the sandbox keeps it in Postgres.
 */
export interface WhatsAppBusinessApi {
  exchangeCode(code: string): Promise<{ accessToken: string }>;
  /** the WhatsApp Business Accounts the token may manage */
  sharedAccounts(accessToken: string): Promise<string[]>;
  phoneNumbers(accessToken: string, wabaId: string): Promise<PhoneNumberStatus[]>;
  phoneNumber(accessToken: string, phoneNumberId: string): Promise<PhoneNumberStatus>;
  subscribeApp(accessToken: string, wabaId: string): Promise<void>;
  unsubscribeApp(accessToken: string, wabaId: string): Promise<void>;
  /** registers the number for the Cloud API with its two-step verification PIN (6 digits) */
  register(accessToken: string, phoneNumberId: string, pin: string): Promise<void>;
  createTemplate(accessToken: string, wabaId: string, template: TemplateRegistration): Promise<ProviderTemplate>;
  /** the account's templates (all, or those with these names) */
  templates(accessToken: string, wabaId: string, names?: readonly string[]): Promise<ProviderTemplate[]>;
}
export const WHATSAPP_BUSINESS = Symbol('WHATSAPP_BUSINESS');
