/** What can go wrong with a send, as the Cloud API reports it (injected by a test or a bench). */
export type FakeFailure =
  | 'throttled' // 130429: the sender's throughput was reached
  | 'pair_rate' // 131056: too many messages to one recipient
  | 'undeliverable' // 131026: the recipient cannot receive WhatsApp
  | 're_engagement' // 131047: free text more than 24 h after the customer last wrote
  | 'server_error' // HTTP 500, code 2
  | 'timeout' // the request is never answered
  | 'failed_status'; // accepted, then a `failed` status (131026) on the webhook

export const FAILURE_CODES: Record<Exclude<FakeFailure, 'timeout' | 'failed_status'>, { status: number; code: number; message: string }> = {
  throttled: { status: 429, code: 130429, message: 'Rate limit hit' },
  pair_rate: { status: 400, code: 131056, message: '(Business Account, Consumer Account) pair rate limit hit' },
  undeliverable: { status: 400, code: 131026, message: 'Message undeliverable' },
  re_engagement: { status: 400, code: 131047, message: 'Re-engagement message' },
  server_error: { status: 500, code: 2, message: 'Service temporarily unavailable' },
};

export type AcceptedSend = {
  phoneNumberId: string;
  messageId: string;
  to: string;
  type: 'template' | 'text';
  templateName: string | null;
  language: string | null;
  /** body parameters of a template, in order */
  parameters: string[];
  /** quick-reply payloads by button index */
  buttonPayloads: string[];
  text: string | null;
  /** Date.now() when it was accepted */
  at: number;
};

export type ParsedSend = Omit<AcceptedSend, 'phoneNumberId' | 'messageId' | 'at'>;

/** What a send's JSON must look like; the reason it is refused (code 100), or the send. */
export function parseSend(body: unknown): { error: string } | ParsedSend {
  if (typeof body !== 'object' || body === null) return { error: 'The request body must be a JSON object' };
  const message = body as Record<string, unknown>;
  if (message['messaging_product'] !== 'whatsapp') return { error: 'messaging_product must be "whatsapp"' };
  const to = message['to'];
  if (typeof to !== 'string' || !/^\+?[0-9]{6,15}$/.test(to)) return { error: 'to must be a phone number' };
  const recipient = to.replace(/^\+/, '');
  if (message['type'] === 'text') {
    const text = (message['text'] as { body?: unknown } | undefined)?.body;
    if (typeof text !== 'string' || text.length === 0 || text.length > 4096) return { error: 'text.body must be 1 to 4096 characters' };
    return { to: recipient, type: 'text', templateName: null, language: null, parameters: [], buttonPayloads: [], text };
  }
  if (message['type'] !== 'template') return { error: `type ${String(message['type'])} is not supported here` };
  const template = message['template'] as Record<string, unknown> | undefined;
  const name = template?.['name'];
  const language = (template?.['language'] as { code?: unknown } | undefined)?.code;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) return { error: 'template.name is required' };
  if (typeof language !== 'string' || language === '') return { error: 'template.language.code is required' };
  const components = template?.['components'] ?? [];
  if (!Array.isArray(components)) return { error: 'template.components must be an array' };
  const parameters: string[] = [];
  const buttonPayloads: string[] = [];
  for (const component of components as Record<string, unknown>[]) {
    const list = component['parameters'];
    if (!Array.isArray(list)) return { error: `component ${String(component['type'])} has no parameters array` };
    if (component['type'] === 'body') {
      for (const parameter of list as Record<string, unknown>[]) {
        if (parameter['type'] !== 'text' || typeof parameter['text'] !== 'string') return { error: 'body parameters must be text' };
        parameters.push(parameter['text']);
      }
    } else if (component['type'] === 'button') {
      const index = Number(component['index']);
      const payload = (list[0] as Record<string, unknown> | undefined)?.['payload'];
      if (component['sub_type'] !== 'quick_reply' || !Number.isInteger(index) || index < 0 || index > 9 || typeof payload !== 'string') {
        return { error: 'a button component must be a quick_reply with an index and a payload parameter' };
      }
      buttonPayloads[index] = payload;
    } else if (component['type'] !== 'header') {
      return { error: `component type ${String(component['type'])} is unknown` };
    }
  }
  return { to: recipient, type: 'template', templateName: name, language, parameters, buttonPayloads, text: null };
}
