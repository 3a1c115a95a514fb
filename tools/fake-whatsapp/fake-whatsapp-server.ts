import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { freeTextProblem, templateSendProblem } from '@pawline/domain';
import { FakeBusinessPlatform, type BusinessOptions, type RequestCheck, type TemplateReview } from './fake-business';
import { graphError, graphId, json, maxInWindow, readBody, signWebhook } from './fake-http';
import { FAILURE_CODES, parseSend, type AcceptedSend, type FakeFailure } from './fake-send';

export { maxInWindow, signWebhook } from './fake-http';
export { FAILURE_CODES, type AcceptedSend, type FakeFailure } from './fake-send';
export type { FakePhoneNumber, FakeTemplate, TemplateReview } from './fake-business';

/**
 * A local stand-in for the WhatsApp Cloud API (Graph API): messages, media, the business endpoints onboarding
 * and templates use (fake-business.ts), and signed webhooks, with latency, injected failures and a log of
 * accepted sends per sender. It refuses what the real API refuses (libs/domain cloud-api-rules.ts): a template
 * that is not approved in the sender's account, a wrong number of parameters, an empty one, free text outside
 * the 24-hour window, a number not registered. Real adapters and the benches talk to it over HTTP exactly as
 * they would to graph.facebook.com.
 */

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
  /** the Tech Provider's Meta app (Embedded Signup's code exchange, debug_token); a test app by default */
  app?: BusinessOptions['app'];
  /** templates every account has, approved (tests and benches that skip onboarding) */
  templates?: BusinessOptions['templates'];
  /** when a created template is reviewed (default at once; null: only by review()) and how */
  reviewDelayMs?: number | null;
  review?: TemplateReview;
  /** free text is refused (131047) unless the customer wrote within 24 hours; off: any free text is accepted */
  enforceServiceWindow?: boolean;
  /**
   * Checks each request body against a reference before anything else (a test passes Meta's OpenAPI document,
   * meta-reference.ts): a body with problems is refused with code 100 and the problems as details.
   */
  checkRequest?: RequestCheck;
};

type Change = { field: string; value: Record<string, unknown> };

const MESSAGE_BODY_LIMIT = 64 * 1024;
/** the webhook bodies kept for tests to check against Meta's document */
const WEBHOOK_LOG = 500;

export class FakeWhatsAppServer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly senders = new Map<string, string>();
  private readonly log = new Map<string, AcceptedSend[]>();
  private readonly media = new Map<string, { bytes: Buffer; mimeType: string; phoneNumberId: string | null }>();
  private readonly schedule: FakeFailure[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** phone number id + customer → when the customer last wrote (the 24-hour window) */
  private readonly lastInbound = new Map<string, number>();
  private readonly posted: unknown[] = [];
  private pendingStatuses: { phoneNumberId: string; value: Record<string, unknown> }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly deliveries = { posted: 0, failed: 0, inFlight: 0 };
  private refusedForCap = 0;
  private options: FakeWhatsAppOptions;
  readonly business: FakeBusinessPlatform;
  /** http://host:port once started */
  url = '';

  constructor(options: FakeWhatsAppOptions = {}) {
    this.options = { ...options };
    this.business = new FakeBusinessPlatform(
      {
        app: options.app ?? { id: '1234567890', secret: 'fake-app-secret' },
        templates: options.templates,
        reviewDelayMs: options.reviewDelayMs,
        review: options.review,
        checkRequest: options.checkRequest,
      },
      (wabaId, changes) => void this.postChanges(wabaId, changes).catch(() => undefined),
      (ms, work) => this.later(ms, work),
    );
    for (const [id, token] of Object.entries(options.senders ?? {})) this.addSender(id, token);
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
    return `${this.url}/v23.0`;
  }

  /** A registered number and its token, outside onboarding (its account is `waba-<id>`). */
  addSender(phoneNumberId: string, accessToken: string): void {
    this.senders.set(phoneNumberId, accessToken);
    this.business.addSender(phoneNumberId, accessToken);
  }

  configure(
    change: Partial<
      Pick<
        FakeWhatsAppOptions,
        'latencyMs' | 'jitterMs' | 'failureRates' | 'capPerSecond' | 'webhook' | 'replyTo' | 'enforceServiceWindow' | 'templates'
      > &
        Pick<BusinessOptions, 'review' | 'reviewDelayMs'>
    >,
  ): void {
    this.options = { ...this.options, ...change };
    const { review, reviewDelayMs, templates } = change;
    this.business.configure({
      ...('review' in change ? { review } : {}),
      ...('reviewDelayMs' in change ? { reviewDelayMs } : {}),
      ...('templates' in change ? { templates } : {}),
    });
  }

  /** The next sends fail in this order (before any rate is drawn). */
  failNext(...failures: FakeFailure[]): void {
    this.schedule.push(...failures);
  }

  /** Stores bytes as a media object a webhook can name (a customer's photo); answers its id. */
  addMedia(bytes: Buffer, mimeType: string, phoneNumberId: string | null = null): string {
    const id = graphId(() => this.random());
    this.media.set(id, { bytes, mimeType, phoneNumberId });
    return id;
  }

  /** Accepted sends of one sender (or all), oldest first. */
  sends(phoneNumberId?: string): AcceptedSend[] {
    if (phoneNumberId !== undefined) return [...(this.log.get(phoneNumberId) ?? [])];
    return [...this.log.values()].flat().sort((a, b) => a.at - b.at);
  }

  /** The webhook bodies posted so far (the newest 500), as sent. */
  webhookBodies(): unknown[] {
    return [...this.posted];
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
    this.posted.length = 0;
  }

  /** The customer wrote (their 24-hour window opens) without a webhook: a test that only sends free text. */
  customerWrote(phoneNumberId: string, from: string, at = Date.now()): void {
    this.lastInbound.set(`${phoneNumberId}|${from.replace(/^\+/, '')}`, at);
  }

  /** A customer writes to a sender: posts the signed webhook now; resolves with the HTTP status it got. */
  async inbound(phoneNumberId: string, from: string, script: InboundScript, contextMessageId: string | null = null): Promise<number> {
    this.customerWrote(phoneNumberId, from);
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
      contacts: [{ profile: { name: `Customer ${from.slice(-4)}` }, wa_id: from.replace(/^\+/, '') }],
      messages: [this.inboundMessage(from, script, contextMessageId)],
    };
    return this.postChanges(this.wabaOf(phoneNumberId), [{ field: 'messages', value }]);
  }

  /** An error Meta reports on the webhook without a message of ours (`value.errors`), e.g. a rate limit. */
  async reportError(phoneNumberId: string, error: { code: number; title: string; details: string }): Promise<number> {
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
      errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details } }],
    };
    return this.postChanges(this.wabaOf(phoneNumberId), [{ field: 'messages', value }]);
  }

  private wabaOf(phoneNumberId: string): string {
    return this.business.phone(phoneNumberId)?.wabaId ?? `waba-${phoneNumberId}`;
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
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return token !== '' && (token === this.tokenOf(phoneNumberId) || this.business.mayUsePhone(token, phoneNumberId));
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
      if (this.business.route(req, res, parts.slice(1), url)) return;
      if (req.method === 'GET' && parts.length === 2) {
        this.mediaUrl(req, res, parts[1] ?? '');
        return;
      }
    }
    graphError(res, { status: 404, code: 803, message: 'Unknown path components' });
  }

  private async send(req: IncomingMessage, res: ServerResponse, phoneNumberId: string): Promise<void> {
    const raw = await readBody(req, MESSAGE_BODY_LIMIT);
    const latency = (this.options.latencyMs ?? 0) + Math.floor(this.random() * (this.options.jitterMs ?? 0));
    const answer = (work: () => void) => (latency > 0 ? this.later(latency, work) : work());
    if (!this.bearerOk(req, phoneNumberId)) {
      answer(() => graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }));
      return;
    }
    if (this.business.phone(phoneNumberId)?.pin === null) {
      answer(() => graphError(res, { status: 400, code: 133010, message: 'Phone number Not Registered' }));
      return;
    }
    let parsed: ReturnType<typeof parseSend>;
    try {
      const body = raw === null ? null : (JSON.parse(raw.toString('utf8')) as unknown);
      const problems = body === null ? [] : (this.options.checkRequest?.('message', body) ?? []);
      parsed =
        body === null
          ? { error: 'The request body is too large' }
          : problems.length > 0
            ? { error: `the body does not follow the reference: ${problems.join('; ')}` }
            : parseSend(body);
    } catch {
      parsed = { error: 'The request body is not JSON' };
    }
    if ('error' in parsed) {
      const reason = parsed.error;
      answer(() => graphError(res, { status: 400, code: 100, message: `Invalid parameter: ${reason}` }));
      return;
    }
    const rule =
      parsed.type === 'template'
        ? templateSendProblem(this.business.templateFor(phoneNumberId, parsed.templateName ?? '', parsed.language ?? ''), parsed.parameters)
        : this.options.enforceServiceWindow === false
          ? null
          : freeTextProblem(this.lastInbound.get(`${phoneNumberId}|${parsed.to}`) ?? null, Date.now());
    if (rule) {
      answer(() => graphError(res, rule));
      return;
    }
    const failure = this.schedule.shift() ?? this.drawFailure();
    if (failure === 'timeout') return; // never answered: the adapter's own timeout must end it
    if (failure && failure !== 'failed_status') {
      const { status, code, message } = FAILURE_CODES[failure];
      answer(() => graphError(res, { status, code, message }, failure === 'throttled' ? { 'Retry-After': '1' } : {}));
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
        answer(() => graphError(res, { status: 429, code: 130429, message: 'Rate limit hit' }, { 'Retry-After': '1' }));
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
      for (let i = 0; i < values.length; i += 100) {
        const changes = values.slice(i, i + 100).map((value) => ({ field: 'messages', value }));
        void this.postChanges(this.wabaOf(phoneNumberId), changes).catch(() => undefined);
      }
    }
  }

  /** One signed POST of an account's changes; retried twice on a network error or 5xx (Meta retries for days). */
  private async postChanges(wabaId: string, changes: Change[]): Promise<number> {
    const webhook = this.options.webhook;
    if (!webhook) throw new Error('no webhook configured');
    const payload = {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes }],
    };
    this.posted.push(payload);
    if (this.posted.length > WEBHOOK_LOG) this.posted.shift();
    const body = JSON.stringify(payload);
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
    const known = owner !== null ? this.tokenOf(owner) === token || this.business.mayUsePhone(token, owner) : this.anyTokenIs(token);
    if (!known) {
      graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token' });
      return;
    }
    if (!stored) {
      graphError(res, { status: 400, code: 100, message: 'Unsupported get request. Object with ID does not exist' });
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
    const allowed =
      stored &&
      (stored.phoneNumberId !== null
        ? this.tokenOf(stored.phoneNumberId) === token || this.business.mayUsePhone(token, stored.phoneNumberId)
        : this.anyTokenIs(token));
    if (!stored || !allowed) {
      res.writeHead(stored ? 401 : 404, { 'Content-Type': 'text/plain' });
      res.end(stored ? 'unauthorized' : 'not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': stored.mimeType, 'Content-Length': stored.bytes.length });
    res.end(stored.bytes);
  }

  /** /_fake/…: the same controls over HTTP, for a fake started as its own process (README). */
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
    const text = (key: string) => (typeof input[key] === 'string' ? input[key] : null);
    try {
      switch (what) {
        case 'GET stats':
          return json(res, 200, this.stats());
        case 'GET sends':
          return json(res, 200, this.sends(url.searchParams.get('phone_number_id') ?? undefined));
        case 'GET templates':
          return json(res, 200, this.business.templates(url.searchParams.get('waba_id') ?? undefined));
        case 'POST reset':
          this.reset();
          return json(res, 200, { ok: true });
        case 'POST senders':
          for (const [id, token] of Object.entries(input)) if (typeof token === 'string') this.addSender(id, token);
          return json(res, 200, { ok: true });
        case 'POST signup':
          return json(res, 200, this.business.signup({ businessName: text('business_name') ?? undefined }));
        case 'POST review':
          this.business.review(String(input['template_id']), {
            status: String(input['status']) as 'APPROVED',
            reason: text('reason') ?? undefined,
          });
          return json(res, 200, { ok: true });
        case 'POST config': {
          const change: Parameters<FakeWhatsAppServer['configure']>[0] = {};
          if (typeof input['latencyMs'] === 'number') change.latencyMs = input['latencyMs'];
          if (typeof input['jitterMs'] === 'number') change.jitterMs = input['jitterMs'];
          if (typeof input['capPerSecond'] === 'number') change.capPerSecond = input['capPerSecond'];
          if (typeof input['failureRates'] === 'object' && input['failureRates'] !== null) change.failureRates = input['failureRates'];
          if (Array.isArray(input['templates'])) change.templates = input['templates'] as NonNullable<FakeWhatsAppOptions['templates']>;
          this.configure(change);
          if (Array.isArray(input['failNext'])) this.failNext(...(input['failNext'] as FakeFailure[]));
          return json(res, 200, { ok: true });
        }
        case 'POST media': {
          const id = this.addMedia(
            Buffer.from(text('base64') ?? '', 'base64'),
            text('mime_type') ?? 'application/octet-stream',
            text('phone_number_id'),
          );
          return json(res, 200, { id });
        }
        case 'POST inbound': {
          const status = await this.inbound(
            String(input['phone_number_id']),
            String(input['from']),
            input['message'] as InboundScript,
            (input['context_id'] as string | undefined) ?? null,
          );
          return json(res, 200, { webhook_status: status });
        }
        default:
          return json(res, 404, { error: `no control ${what}` });
      }
    } catch (error) {
      json(res, 502, { error: (error as Error).message });
    }
  }
}

/** Starts a fake on a free port (tests and benches). */
export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsAppServer> {
  const fake = new FakeWhatsAppServer(options);
  await fake.start();
  return fake;
}
