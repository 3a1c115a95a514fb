import {
  ProviderSendError,
  type MessageProvider,
  type OutgoingMessage,
  type ProviderFailureKind,
  type SendResult,
  type SenderCredentials,
} from '../ports';
import { exchange, parseJson, retryAfterMs } from './provider-http';

/** Twilio's messaging service ids: MG and 32 hexadecimal digits (anything else is a sender number or name). */
export const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

export type SmsApiOptions = {
  /** SMS_API_BASE_URL: `https://api.twilio.com/2010-04-01`, or a compatible gateway's */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** SMS_FROM: a number in E.164 (+…) or a messaging service id (MG and 32 hex digits) */
  from: string;
  timeoutMs: number;
};

/** An SMS body longer than this is refused by the API (10 segments). */
export const SMS_BODY_LIMIT = 1600;

/** Twilio error codes for which no retry and no other number helps: the customer cannot get an SMS here. */
const UNDELIVERABLE = new Set([
  21211, // invalid To number
  21408, // no permission to send to this region
  21610, // the recipient replied STOP
  21612, // To cannot be reached from this From
  21614, // To is not a mobile number
]);

/** Twilio's `{ code, message, more_info, status }` as a ProviderSendError. */
export function smsFailure(status: number, body: unknown, retryAfter: string | null): ProviderSendError {
  const error = body as { code?: unknown; message?: unknown } | null;
  const code = typeof error?.code === 'number' ? error.code : null;
  const kind: ProviderFailureKind =
    status === 429 || code === 20429
      ? 'throttled'
      : status >= 500
        ? 'transient'
        : code !== null && UNDELIVERABLE.has(code)
          ? 'undeliverable'
          : 'rejected';
  const text = typeof error?.message === 'string' ? error.message.slice(0, 300) : `HTTP ${status}`;
  return new ProviderSendError(kind, `SMS ${code ?? status}: ${text}`, code, retryAfterMs(retryAfter));
}

/** The text an SMS carries for a message: a template's rendered text (its buttons cannot be tapped in an SMS). */
export function smsText(message: OutgoingMessage): string {
  const body = message.kind === 'text' ? message.text : message.renderedText;
  return body.length > SMS_BODY_LIMIT ? `${body.slice(0, SMS_BODY_LIMIT - 1)}…` : body;
}

/**
 * The SMS fallback of spec §4 ('WhatsApp failed, SMS will be sent') over Twilio's Messages resource:
 * `POST {base}/Accounts/{sid}/Messages.json`, form-encoded `To`, `From` (or `MessagingServiceSid`)
 * and `Body`, HTTP basic auth with the account id and its token. Any SMS gateway speaking that
 * resource works. The platform sends from its own number; the organization is only recorded.
 */
export class SmsApiProvider implements MessageProvider {
  readonly name = 'sms_twilio';
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly options: SmsApiOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  async send(_sender: SenderCredentials, message: OutgoingMessage): Promise<SendResult> {
    const form = new URLSearchParams({ To: `+${message.to}`, Body: smsText(message) });
    if (MESSAGING_SERVICE_SID.test(this.options.from)) form.set('MessagingServiceSid', this.options.from);
    else form.set('From', this.options.from);
    const answer = await exchange(
      this.endpoint,
      {
        method: 'POST',
        headers: { Authorization: this.authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
      },
      this.options.timeoutMs,
    );
    const body = parseJson(answer.bytes);
    if (answer.status < 200 || answer.status >= 300) throw smsFailure(answer.status, body, answer.headers.get('retry-after'));
    const sid = (body as { sid?: unknown } | null)?.sid;
    if (typeof sid !== 'string' || sid === '') throw new ProviderSendError('rejected', 'the SMS API accepted the message without a sid');
    return { providerMessageId: sid };
  }

  fetchMedia(): Promise<{ bytes: Buffer; mimeType: string }> {
    return Promise.reject(new ProviderSendError('rejected', 'SMS carries no media we fetch'));
  }
}
