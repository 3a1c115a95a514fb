import {
  ProviderSendError,
  type MessageProvider,
  type OutgoingMessage,
  type ProviderFailureKind,
  type SendResult,
  type SenderCredentials,
} from '../ports';
import { exchange, parseJson, postJson, retryAfterMs } from './provider-http';

export type WhatsAppCloudOptions = {
  /** WHATSAPP_API_BASE_URL: `https://graph.facebook.com/v23.0`, or the local fake's */
  baseUrl: string;
  /** WHATSAPP_TIMEOUT_MS: per request */
  timeoutMs: number;
};

/** WhatsApp's limit on a downloaded media file is 100 MB for documents; a salon's photos are far smaller. */
const MEDIA_LIMIT = 25 * 1024 * 1024;

/** Cloud API error codes by what the worker does about them (the rest of 4xx are `rejected`). */
const KIND_BY_CODE: ReadonlyMap<number, ProviderFailureKind> = new Map<number, ProviderFailureKind>([
  [130429, 'throttled'], // Cloud API throughput reached
  [80007, 'throttled'], // WhatsApp Business Account rate limit
  [4, 'throttled'], // application request limit
  [131048, 'throttled'], // spam rate limit
  [131056, 'pair_rate'], // too many messages to one recipient
  [131026, 'undeliverable'], // recipient cannot receive the message
  [131047, 'undeliverable'], // more than 24 h since the customer last wrote: free text refused
  [131049, 'undeliverable'], // Meta chose not to deliver (ecosystem engagement)
  [131050, 'undeliverable'], // the customer stopped marketing messages
  [1, 'transient'], // unknown API error
  [2, 'transient'], // API service temporarily down
  [131000, 'transient'], // something went wrong
  [131016, 'transient'], // service unavailable
  [133004, 'transient'], // server temporarily unavailable
]);

type GraphError = { message?: unknown; code?: unknown; error_subcode?: unknown; fbtrace_id?: unknown };

/** The Cloud API's `{ error: { code, message, error_subcode, fbtrace_id } }` as a ProviderSendError. */
export function cloudFailure(status: number, body: unknown, retryAfter: string | null): ProviderSendError {
  const error = (body as { error?: GraphError } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const kind: ProviderFailureKind =
    (code !== null ? KIND_BY_CODE.get(code) : undefined) ?? (status >= 500 ? 'transient' : status === 429 ? 'throttled' : 'rejected');
  const subcode = typeof error?.error_subcode === 'number' ? ` subcode ${error.error_subcode}` : '';
  const trace = typeof error?.fbtrace_id === 'string' ? ` trace ${error.fbtrace_id}` : '';
  const text = typeof error?.message === 'string' ? error.message.slice(0, 300) : `HTTP ${status}`;
  return new ProviderSendError(kind, `WhatsApp ${code ?? status}${subcode}: ${text}${trace}`, code, retryAfterMs(retryAfter));
}

/** The messages endpoint's JSON for one message. */
export function cloudMessageBody(message: OutgoingMessage): Record<string, unknown> {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (message.kind === 'text') return { ...envelope, type: 'text', text: { preview_url: false, body: message.text } };
  const components: Record<string, unknown>[] = [];
  if (message.parameters.length > 0) {
    components.push({ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) });
  }
  // spec §3 button sets are quick replies; each carries its payload back on the tap
  message.buttonPayloads.forEach((payload, index) => {
    components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
  });
  return {
    ...envelope,
    type: 'template',
    // the language policy is required by Meta's schema (tools/reference/whatsapp), 'deterministic' its only value
    template: { name: message.templateName, language: { policy: 'deterministic', code: message.language }, components },
  };
}

/** The WhatsApp Cloud API (Graph API) adapter: each organization sends from its own phone number id and token. */
export class WhatsAppCloudProvider implements MessageProvider {
  readonly name = 'whatsapp_cloud';
  private readonly baseUrl: string;

  constructor(private readonly options: WhatsAppCloudOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async send(sender: SenderCredentials, message: OutgoingMessage): Promise<SendResult> {
    // the hot path of the noon peak: node:http through the host's keep-alive pool (issue 34)
    const answer = await postJson(
      `${this.baseUrl}/${encodeURIComponent(sender.phoneNumberId)}/messages`,
      { Authorization: `Bearer ${sender.accessToken}`, 'Content-Type': 'application/json' },
      JSON.stringify(cloudMessageBody(message)),
      this.options.timeoutMs,
    );
    const body = parseJson(answer.bytes);
    if (answer.status < 200 || answer.status >= 300) throw cloudFailure(answer.status, body, answer.headers.get('retry-after'));
    const id = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
    // accepted without an id cannot be tracked; sending again could reach the customer twice
    if (typeof id !== 'string' || id === '') throw new ProviderSendError('rejected', 'WhatsApp accepted the message without an id');
    return { providerMessageId: id };
  }

  async fetchMedia(sender: SenderCredentials, mediaId: string): Promise<{ bytes: Buffer; mimeType: string }> {
    const auth = { Authorization: `Bearer ${sender.accessToken}` };
    const info = await exchange(`${this.baseUrl}/${encodeURIComponent(mediaId)}`, { headers: auth }, this.options.timeoutMs, 64 * 1024);
    const meta = parseJson(info.bytes) as { url?: unknown; mime_type?: unknown } | null;
    if (info.status !== 200) throw cloudFailure(info.status, meta, info.headers.get('retry-after'));
    if (typeof meta?.url !== 'string' || typeof meta.mime_type !== 'string') {
      throw new ProviderSendError('rejected', `WhatsApp media ${mediaId}: no url or mime_type`);
    }
    // the download URL wants the same bearer token
    const file = await exchange(meta.url, { headers: auth }, this.options.timeoutMs, MEDIA_LIMIT);
    if (file.status !== 200) throw cloudFailure(file.status, parseJson(file.bytes), file.headers.get('retry-after'));
    return { bytes: file.bytes, mimeType: meta.mime_type };
  }
}
