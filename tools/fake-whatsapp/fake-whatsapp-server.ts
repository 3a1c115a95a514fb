import { createHmac, randomBytes, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for the WhatsApp Cloud API (Graph API): the messages endpoint, the media endpoints
 * and signed webhooks, with latency, injected failures and a log of accepted sends per sender. Real
 * adapters and the benches talk to it over HTTP exactly as they would to graph.facebook.com.
 */

/** What can go wrong with a send, as the Cloud API reports it. */
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

/** A customer's message to a sender, delivered as a signed webhook. */
export type InboundScript =
  | { kind: 'text'; text: string }
  | { kind: 'button'; payload: string; text: string }
  | { kind: 'interactive'; id: string; title: string }
  | { kind: 'image'; mediaId: string; mimeType: string; caption?: string };

export type ScriptedReply = InboundScript & { delayMs: number };

export type FakeWhatsAppOptions = {
  /** default 0: any free port */
  port?: number;
  host?: string;
  /** phone number id → access token; more can be added later (addSender) */
  senders?: Record<string, string>;
  /** a rule for senders not listed, e.g. every id's token is `token-<id>` (benches with many senders) */
  tokenFor?: (phoneNumberId: string) => string | null;
  latencyMs?: number;
  /** uniform extra 0..jitterMs on each answer */
  jitterMs?: number;
  /** probability of each failure per send (0..1), drawn independently in this order */
  failureRates?: Partial<Record<FakeFailure, number>>;
  /** sends above this many in any one second per sender get 130429 (as the real API does); none by default */
  capPerSecond?: number;
  webhook?: {
    url: string;
    appSecret: string;
    /** after acceptance; default 20, 300 and 1500 ms; null leaves that status out */
    statusDelaysMs?: { sent?: number | null; delivered?: number | null; read?: number | null };
    /** statuses are gathered and posted at most this often (default 100 ms), up to 100 per POST */
    batchMs?: number;
  };
  /** scripted customer answers to accepted sends (e.g. tap the first button of half the reminders) */
  replyTo?: (send: AcceptedSend) => ScriptedReply | null;
  /** Math.random by default; a seeded one makes runs repeatable */
  random?: () => number;
};

type StatusUpdate = {
  phoneNumberId: string;
  value: Record<string, unknown>;
};

const MESSAGE_BODY_LIMIT = 64 * 1024;

function graphError(res: ServerResponse, status: number, code: number, message: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify({
    error: {
      message: `(#${code}) ${message}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: message },
      error_subcode: code === 130429 ? 2494055 : undefined,
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > cap ? null : Buffer.concat(chunks)));
    req.on('error', () => resolve(null));
  });
}

/** The most accepted sends of any one sender's log in any window of `windowMs` (sorted timestamps). */
export function maxInWindow(times: readonly number[], windowMs = 1000): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** What a send's JSON must look like; the reason it is refused (code 100), or the send. */
function parseSend(body: unknown): { error: string } | Omit<AcceptedSend, 'phoneNumberId' | 'messageId' | 'at'> {
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

export function signWebhook(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export class FakeWhatsAppServer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly senders = new Map<string, string>();
  private readonly log = new Map<string, AcceptedSend[]>();
  private readonly media = new Map<string, { bytes: Buffer; mimeType: string; phoneNumberId: string | null }>();
  private readonly schedule: FakeFailure[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private pendingStatuses: StatusUpdate[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly deliveries = { posted: 0, failed: 0, inFlight: 0 };
  private refusedForCap = 0;
  private options: FakeWhatsAppOptions;
  /** http://host:port once started */
  url = '';

  constructor(options: FakeWhatsAppOptions = {}) {
    this.options = { ...options };
    for (const [id, token] of Object.entries(options.senders ?? {})) this.senders.set(id, token);
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => this.route(req, res));
    server.keepAliveTimeout = 30_000;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve);
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${address.port}`;
    return this.url;
  }

  /** Stops answering: held (timed-out) requests are cut, timers cleared, pending statuses dropped. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pendingStatuses = [];
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The base URL the adapter takes as WHATSAPP_API_BASE_URL (any version segment is accepted). */
  get graphUrl(): string {
    return `${this.url}/v26.0`;
  }

  addSender(phoneNumberId: string, accessToken: string): void {
    this.senders.set(phoneNumberId, accessToken);
  }

  configure(
    change: Partial<Pick<FakeWhatsAppOptions, 'latencyMs' | 'jitterMs' | 'failureRates' | 'capPerSecond' | 'webhook' | 'replyTo'>>,
  ): void {
    this.options = { ...this.options, ...change };
  }

  /** The next sends fail in this order (before any rate is drawn). */
  failNext(...failures: FakeFailure[]): void {
    this.schedule.push(...failures);
  }

  /** Stores bytes as a media object a webhook can name (a customer's photo); answers its id. */
  addMedia(bytes: Buffer, mimeType: string, phoneNumberId: string | null = null): string {
    const id = String(10 ** 15 + Math.floor(this.random() * 9 * 10 ** 15));
    this.media.set(id, { bytes, mimeType, phoneNumberId });
    return id;
  }

  /** Accepted sends of one sender (or all), oldest first. */
  sends(phoneNumberId?: string): AcceptedSend[] {
    if (phoneNumberId !== undefined) return [...(this.log.get(phoneNumberId) ?? [])];
    return [...this.log.values()].flat().sort((a, b) => a.at - b.at);
  }

  /** Per sender: accepted sends and the most accepted in any one second (the bench checks it against the cap). */
  stats(): {
    senders: Record<string, { accepted: number; maxPerSecond: number }>;
    refusedForCap: number;
    webhooks: { posted: number; failed: number; inFlight: number };
  } {
    const senders: Record<string, { accepted: number; maxPerSecond: number }> = {};
    for (const [id, sends] of this.log) senders[id] = { accepted: sends.length, maxPerSecond: maxInWindow(sends.map((send) => send.at)) };
    return { senders, refusedForCap: this.refusedForCap, webhooks: { ...this.deliveries } };
  }

  /** Forgets the log (between bench rounds). */
  reset(): void {
    this.log.clear();
    this.refusedForCap = 0;
    this.schedule.length = 0;
  }

  /** A customer writes to a sender: posts the signed webhook now; resolves with the HTTP status it got. */
  async inbound(phoneNumberId: string, from: string, script: InboundScript, contextMessageId: string | null = null): Promise<number> {
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
      contacts: [{ profile: { name: `Customer ${from.slice(-4)}` }, wa_id: from }],
      messages: [this.inboundMessage(from, script, contextMessageId)],
    };
    return this.postWebhook(phoneNumberId, [value]);
  }

  private inboundMessage(from: string, script: InboundScript, contextMessageId: string | null): Record<string, unknown> {
    const base: Record<string, unknown> = {
      from,
      id: `wamid.${randomBytes(18).toString('base64url')}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...(contextMessageId ? { context: { from, id: contextMessageId } } : {}),
    };
    switch (script.kind) {
      case 'text':
        return { ...base, type: 'text', text: { body: script.text } };
      case 'button':
        return { ...base, type: 'button', button: { payload: script.payload, text: script.text } };
      case 'interactive':
        return {
          ...base,
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: script.id, title: script.title } },
        };
      case 'image': {
        const stored = this.media.get(script.mediaId);
        const sha256 = stored ? createHash('sha256').update(stored.bytes).digest('base64') : '';
        return {
          ...base,
          type: 'image',
          image: { id: script.mediaId, mime_type: script.mimeType, sha256, ...(script.caption ? { caption: script.caption } : {}) },
        };
      }
    }
  }

  private random(): number {
    return (this.options.random ?? Math.random)();
  }

  private later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private tokenOf(phoneNumberId: string): string | null {
    return this.senders.get(phoneNumberId) ?? this.options.tokenFor?.(phoneNumberId) ?? null;
  }

  private bearerOk(req: IncomingMessage, phoneNumberId: string): boolean {
    const token = this.tokenOf(phoneNumberId);
    const header = req.headers.authorization ?? '';
    return token !== null && header === `Bearer ${token}`;
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === '_fake') {
      void this.control(req, res, parts.slice(1), url);
      return;
    }
    if (parts[0] === 'media-download' && req.method === 'GET' && parts.length === 2) {
      this.download(req, res, parts[1] ?? '');
      return;
    }
    if (parts.length >= 2 && /^v\d+\.\d+$/.test(parts[0] ?? '')) {
      if (req.method === 'POST' && parts.length === 3 && parts[2] === 'messages') {
        void this.send(req, res, parts[1] ?? '');
        return;
      }
      if (req.method === 'GET' && parts.length === 2) {
        this.mediaUrl(req, res, parts[1] ?? '');
        return;
      }
    }
    graphError(res, 404, 803, 'Unknown path components');
  }

  private async send(req: IncomingMessage, res: ServerResponse, phoneNumberId: string): Promise<void> {
    const raw = await readBody(req, MESSAGE_BODY_LIMIT);
    const latency = (this.options.latencyMs ?? 0) + Math.floor(this.random() * (this.options.jitterMs ?? 0));
    const answer = (work: () => void) => (latency > 0 ? this.later(latency, work) : work());
    if (!this.bearerOk(req, phoneNumberId)) {
      answer(() => graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token'));
      return;
    }
    let parsed: ReturnType<typeof parseSend>;
    try {
      parsed = raw === null ? { error: 'The request body is too large' } : parseSend(JSON.parse(raw.toString('utf8')));
    } catch {
      parsed = { error: 'The request body is not JSON' };
    }
    if ('error' in parsed) {
      const reason = parsed.error;
      answer(() => graphError(res, 400, 100, `Invalid parameter: ${reason}`));
      return;
    }
    const failure = this.schedule.shift() ?? this.drawFailure();
    if (failure === 'timeout') return; // never answered: the adapter's own timeout must end it
    if (failure && failure !== 'failed_status') {
      const { status, code, message } = FAILURE_CODES[failure];
      answer(() => graphError(res, status, code, message, failure === 'throttled' ? { 'Retry-After': '1' } : {}));
      return;
    }
    const sends = this.log.get(phoneNumberId) ?? [];
    const now = Date.now();
    const cap = this.options.capPerSecond;
    if (cap !== undefined) {
      // the accepted sends of the last second, counted from the newest backwards
      let inWindow = 0;
      for (let i = sends.length - 1; i >= 0 && now - (sends[i]?.at ?? 0) < 1000; i -= 1) inWindow += 1;
      if (inWindow >= cap) {
        this.refusedForCap += 1;
        answer(() => graphError(res, 429, 130429, 'Rate limit hit', { 'Retry-After': '1' }));
        return;
      }
    }
    const send: AcceptedSend = { ...parsed, phoneNumberId, messageId: `wamid.${randomBytes(18).toString('base64url')}`, at: now };
    sends.push(send);
    this.log.set(phoneNumberId, sends);
    answer(() =>
      json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: send.to, wa_id: send.to }],
        messages: [{ id: send.messageId, ...(send.type === 'template' ? { message_status: 'accepted' } : {}) }],
      }),
    );
    this.scheduleStatuses(send, failure === 'failed_status');
    const reply = this.options.replyTo?.(send);
    if (reply) {
      const { delayMs, ...script } = reply;
      this.later(latency + delayMs, () => void this.inbound(phoneNumberId, send.to, script, send.messageId).catch(() => undefined));
    }
  }

  private drawFailure(): FakeFailure | null {
    for (const [failure, rate] of Object.entries(this.options.failureRates ?? {}) as [FakeFailure, number][]) {
      if (rate > 0 && this.random() < rate) return failure;
    }
    return null;
  }

  private scheduleStatuses(send: AcceptedSend, fails: boolean): void {
    const webhook = this.options.webhook;
    if (!webhook) return;
    const delays = { sent: 20, delivered: 300, read: 1500, ...webhook.statusDelaysMs };
    const status = (name: 'sent' | 'delivered' | 'read' | 'failed') => ({
      id: send.messageId,
      status: name,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: send.to,
      ...(name === 'failed'
        ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'x' } }] }
        : {}),
    });
    const queue = (name: 'sent' | 'delivered' | 'read' | 'failed', delay: number | null | undefined) => {
      if (delay === null || delay === undefined) return;
      this.later(delay, () => this.queueStatus(send.phoneNumberId, status(name)));
    };
    if (fails) {
      queue('failed', delays.sent ?? 20);
      return;
    }
    queue('sent', delays.sent);
    queue('delivered', delays.delivered);
    queue('read', delays.read);
  }

  private queueStatus(phoneNumberId: string, status: Record<string, unknown>): void {
    this.pendingStatuses.push({
      phoneNumberId,
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
        statuses: [status],
      },
    });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.options.webhook?.batchMs ?? 100);
    }
  }

  /** Posts the gathered statuses: one POST per sender and up to 100 changes, as Meta batches them. */
  private flush(): void {
    this.flushTimer = null;
    const pending = this.pendingStatuses;
    this.pendingStatuses = [];
    const bySender = new Map<string, Record<string, unknown>[]>();
    for (const update of pending) {
      const list = bySender.get(update.phoneNumberId) ?? [];
      list.push(update.value);
      bySender.set(update.phoneNumberId, list);
    }
    for (const [phoneNumberId, values] of bySender) {
      for (let i = 0; i < values.length; i += 100) void this.postWebhook(phoneNumberId, values.slice(i, i + 100)).catch(() => undefined);
    }
  }

  /** One signed POST; retried twice on a network error or 5xx (Meta retries for days). */
  private async postWebhook(phoneNumberId: string, values: Record<string, unknown>[]): Promise<number> {
    const webhook = this.options.webhook;
    if (!webhook) throw new Error('no webhook configured');
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: `waba-${phoneNumberId}`, changes: values.map((value) => ({ field: 'messages', value })) }],
    });
    this.deliveries.inFlight += 1;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const response = await fetch(webhook.url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWebhook(webhook.appSecret, body) },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          if (response.status < 500 || attempt >= 2) {
            if (response.ok) this.deliveries.posted += 1;
            else this.deliveries.failed += 1;
            return response.status;
          }
        } catch (error) {
          if (attempt >= 2) {
            this.deliveries.failed += 1;
            throw error;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
    } finally {
      this.deliveries.inFlight -= 1;
    }
  }

  /** GET /{version}/{media-id}: where to download it (the bearer must be the owner's, or any known sender's). */
  private mediaUrl(req: IncomingMessage, res: ServerResponse, mediaId: string): void {
    const stored = this.media.get(mediaId);
    const owner = stored?.phoneNumberId ?? null;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const known = owner !== null ? this.tokenOf(owner) === token : this.anyTokenIs(token);
    if (!known) {
      graphError(res, 401, 190, 'Invalid OAuth access token');
      return;
    }
    if (!stored) {
      graphError(res, 400, 100, 'Unsupported get request. Object with ID does not exist');
      return;
    }
    json(res, 200, {
      messaging_product: 'whatsapp',
      url: `${this.url}/media-download/${mediaId}`,
      mime_type: stored.mimeType,
      sha256: createHash('sha256').update(stored.bytes).digest('hex'),
      file_size: stored.bytes.length,
      id: mediaId,
    });
  }

  private anyTokenIs(token: string): boolean {
    if (token === '') return false;
    for (const known of this.senders.values()) if (known === token) return true;
    return /^token-(.+)$/.test(token) && this.options.tokenFor?.(token.slice('token-'.length)) === token;
  }

  private download(req: IncomingMessage, res: ServerResponse, mediaId: string): void {
    const stored = this.media.get(mediaId);
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const allowed = stored && (stored.phoneNumberId !== null ? this.tokenOf(stored.phoneNumberId) === token : this.anyTokenIs(token));
    if (!stored || !allowed) {
      res.writeHead(stored ? 401 : 404, { 'Content-Type': 'text/plain' });
      res.end(stored ? 'unauthorized' : 'not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': stored.mimeType, 'Content-Length': stored.bytes.length });
    res.end(stored.bytes);
  }

  /** /_fake/…: the same controls over HTTP, for a fake started as its own process. */
  private async control(req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): Promise<void> {
    const what = `${req.method ?? 'GET'} ${parts.join('/')}`;
    const body = req.method === 'POST' ? await readBody(req, 10 * 1024 * 1024) : null;
    let input: Record<string, unknown> = {};
    try {
      input = body && body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      json(res, 400, { error: 'body must be JSON' });
      return;
    }
    switch (what) {
      case 'GET stats':
        json(res, 200, this.stats());
        return;
      case 'GET sends':
        json(res, 200, this.sends(url.searchParams.get('phone_number_id') ?? undefined));
        return;
      case 'POST reset':
        this.reset();
        json(res, 200, { ok: true });
        return;
      case 'POST senders':
        for (const [id, token] of Object.entries(input)) if (typeof token === 'string') this.addSender(id, token);
        json(res, 200, { ok: true });
        return;
      case 'POST config': {
        const change: Partial<FakeWhatsAppOptions> = {};
        if (typeof input['latencyMs'] === 'number') change.latencyMs = input['latencyMs'];
        if (typeof input['jitterMs'] === 'number') change.jitterMs = input['jitterMs'];
        if (typeof input['capPerSecond'] === 'number') change.capPerSecond = input['capPerSecond'];
        if (typeof input['failureRates'] === 'object' && input['failureRates'] !== null) change.failureRates = input['failureRates'];
        this.configure(change);
        if (Array.isArray(input['failNext'])) this.failNext(...(input['failNext'] as FakeFailure[]));
        json(res, 200, { ok: true });
        return;
      }
      case 'POST media': {
        const text = (key: string) => (typeof input[key] === 'string' ? input[key] : null);
        const id = this.addMedia(
          Buffer.from(text('base64') ?? '', 'base64'),
          text('mime_type') ?? 'application/octet-stream',
          text('phone_number_id'),
        );
        json(res, 200, { id });
        return;
      }
      case 'POST inbound': {
        try {
          const status = await this.inbound(
            String(input['phone_number_id']),
            String(input['from']),
            input['message'] as InboundScript,
            (input['context_id'] as string | undefined) ?? null,
          );
          json(res, 200, { webhook_status: status });
        } catch (error) {
          json(res, 502, { error: (error as Error).message });
        }
        return;
      }
      default:
        json(res, 404, { error: `no control ${what}` });
    }
  }
}

/** Starts a fake on a free port (tests and benches). */
export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsAppServer> {
  const fake = new FakeWhatsAppServer(options);
  await fake.start();
  return fake;
}
