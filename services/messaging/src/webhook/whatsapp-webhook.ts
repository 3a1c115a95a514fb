import { createHmac, timingSafeEqual } from 'node:crypto';
import { WHATSAPP_USER_PATTERN, type inboundMessageReceivedEvent, type providerStatusReceivedEvent } from '@pawline/contracts';
import type { CloudTemplateStatus } from '@pawline/domain';
import type { z } from 'zod';

export type ProviderStatus = Omit<z.infer<(typeof providerStatusReceivedEvent)['payload']>, 'orga_id'>;
export type InboundMessage = Omit<z.infer<(typeof inboundMessageReceivedEvent)['payload']>, 'orga_id'>;

/** An error Meta reports about a number without a message of ours (`value.errors[]`). */
export type ValueError = { code: number | null; title: string; details: string | null };

/** What one `entry[].changes[].value` of the webhook says, for one of our phone number ids. */
export type WebhookChange = {
  phoneNumberId: string;
  statuses: ProviderStatus[];
  messages: InboundMessage[];
  errors: ValueError[];
  skipped: number;
};

/** A template's review (field message_template_status_update); the entry's id is the WhatsApp Business Account. */
export type TemplateStatusReport = {
  wabaId: string;
  providerTemplateId: string | null;
  name: string;
  language: string;
  status: CloudTemplateStatus;
  reason: string | null;
  detail: string | null;
  at: Date;
};

/**
 * Whether `X-Hub-Signature-256` is `sha256=` + the HMAC-SHA256 of the raw body with the app secret,
 * compared in constant time (a byte-by-byte compare would tell an attacker how much of a guess is right).
 */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`, 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time equality of two secrets of any length. */
export function secretEquals(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown, max: number): string | null => (typeof value === 'string' ? value.slice(0, max) : null);

/** WhatsApp's unix seconds as ISO 8601; now when absent or unreadable. */
function instant(timestamp: unknown, now: Date): string {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 && seconds < 1e11 ? new Date(seconds * 1000).toISOString() : now.toISOString();
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video']);

/** Who wrote: the number as Meta writes it ("+16505551234" in its own examples, or digits), else the business-scoped user id. */
export function senderOf(message: Json): string | null {
  for (const candidate of [message['from'], message['from_user_id']]) {
    if (typeof candidate !== 'string') continue;
    const trimmed = candidate.trim();
    const digits = /^\+?[0-9]{6,15}$/.test(trimmed) ? trimmed.replace(/^\+/, '') : trimmed;
    if (WHATSAPP_USER_PATTERN.test(digits)) return digits;
  }
  return null;
}

function statusOf(raw: unknown, provider: string, now: Date): ProviderStatus | null {
  const status = record(raw);
  const id = text(status?.['id'], 200);
  const name = status?.['status'];
  if (!status || !id || typeof name !== 'string' || !STATUSES.has(name)) return null;
  const error = record(list(status['errors'])[0]);
  const code = error?.['code'];
  return {
    provider,
    provider_message_id: id,
    status: name as ProviderStatus['status'],
    at: instant(status['timestamp'], now),
    error_code: typeof code === 'number' && Number.isInteger(code) ? code : null,
    error_title: text(error?.['title'] ?? error?.['message'], 500),
  };
}

function messageOf(raw: unknown, contacts: unknown[], provider: string, now: Date): InboundMessage | null {
  const message = record(raw);
  const from = message ? senderOf(message) : null;
  const id = text(message?.['id'], 200);
  if (!message || from === null || !id) return null;
  const contact = contacts.map(record).find((c) => c?.['wa_id'] === from || c?.['user_id'] === from) ?? record(contacts[0]);
  const base = {
    provider,
    provider_message_id: id,
    from,
    profile_name: text(record(contact?.['profile'])?.['name'], 200),
    at: instant(message['timestamp'], now),
    context_message_id: text(record(message['context'])?.['id'], 200),
    text: null,
    button_payload: null,
    media: [],
  };
  const type = message['type'];
  if (type === 'text') {
    const body = text(record(message['text'])?.['body'], 4096);
    return body === null ? null : { ...base, kind: 'text', text: body };
  }
  if (type === 'button') {
    // a tap on a template's quick reply
    const button = record(message['button']);
    const payload = text(button?.['payload'], 256);
    return payload === null ? null : { ...base, kind: 'button', button_payload: payload, text: text(button?.['text'], 4096) };
  }
  if (type === 'interactive') {
    const interactive = record(message['interactive']);
    const reply = record(interactive?.['button_reply']) ?? record(interactive?.['list_reply']);
    const payload = text(reply?.['id'], 256);
    return payload === null ? null : { ...base, kind: 'button', button_payload: payload, text: text(reply?.['title'], 4096) };
  }
  if (typeof type === 'string' && MEDIA_TYPES.has(type)) {
    const media = record(message[type]);
    const mediaId = text(media?.['id'], 200);
    if (mediaId === null) return null;
    const caption = text(media?.['caption'], 1024);
    return {
      ...base,
      kind: 'media',
      text: caption,
      media: [{ media_id: mediaId, mime_type: text(media?.['mime_type'], 100) ?? 'application/octet-stream', caption }],
    };
  }
  return null;
}

function valueErrorOf(raw: unknown): ValueError | null {
  const error = record(raw);
  if (!error) return null;
  const code = error['code'];
  return {
    code: typeof code === 'number' && Number.isInteger(code) ? code : null,
    title: text(error['title'] ?? error['message'], 300) ?? 'WhatsApp error',
    details: text(record(error['error_data'])?.['details'], 500),
  };
}

/**
 * The statuses, customer messages and errors of a WhatsApp webhook body, by phone number id. What we do not
 * use (reactions, locations …) or cannot read is counted as skipped; template reviews are readTemplateStatuses'.
 */
export function readWhatsAppWebhook(body: unknown, provider = 'whatsapp_cloud', now = new Date()): WebhookChange[] {
  const changes: WebhookChange[] = [];
  for (const entry of list(record(body)?.['entry'])) {
    for (const change of list(record(entry)?.['changes'])) {
      if (record(change)?.['field'] === 'message_template_status_update') continue;
      const value = record(record(change)?.['value']);
      const phoneNumberId = text(record(value?.['metadata'])?.['phone_number_id'], 100);
      if (!value || !phoneNumberId) continue;
      const rawStatuses = list(value['statuses']);
      const rawMessages = list(value['messages']);
      const statuses = rawStatuses.map((status) => statusOf(status, provider, now)).filter((s): s is ProviderStatus => s !== null);
      const contacts = list(value['contacts']);
      const messages = rawMessages.map((m) => messageOf(m, contacts, provider, now)).filter((m): m is InboundMessage => m !== null);
      changes.push({
        phoneNumberId,
        statuses,
        messages,
        errors: list(value['errors']).flatMap((error) => valueErrorOf(error) ?? []),
        skipped: rawStatuses.length - statuses.length + rawMessages.length - messages.length,
      });
    }
  }
  return changes;
}

const TEMPLATE_EVENTS: Record<string, CloudTemplateStatus> = {
  APPROVED: 'APPROVED',
  REINSTATED: 'APPROVED',
  UNARCHIVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  PENDING: 'PENDING',
  IN_APPEAL: 'PENDING',
};

/** The template reviews of a webhook body (field message_template_status_update); other events (FLAGGED …) are skipped. */
export function readTemplateStatuses(body: unknown, now = new Date()): TemplateStatusReport[] {
  const reports: TemplateStatusReport[] = [];
  for (const entry of list(record(body)?.['entry'])) {
    const wabaId = text(record(entry)?.['id'], 40);
    const at = new Date(instant(record(entry)?.['time'], now));
    for (const change of list(record(entry)?.['changes'])) {
      if (record(change)?.['field'] !== 'message_template_status_update') continue;
      const value = record(record(change)?.['value']);
      const status = TEMPLATE_EVENTS[text(value?.['event'], 40) ?? ''];
      const name = text(value?.['message_template_name'], 512);
      const language = text(value?.['message_template_language'], 10);
      if (!wabaId || !value || !status || !name || !language) continue;
      const id = value['message_template_id'];
      const rejection = record(value['rejection_info']);
      reports.push({
        wabaId,
        providerTemplateId: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
        name,
        language,
        status,
        reason: text(value['reason'], 60),
        detail: text(rejection?.['reason'] ?? record(value['other_info'])?.['description'], 500),
        at,
      });
    }
  }
  return reports;
}
