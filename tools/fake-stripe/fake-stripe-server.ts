import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for the Stripe API (v1) for the endpoints billing's adapter uses: customers and
 * payment intents, spoken as Stripe speaks them (form-encoded bodies with nested keys, a secret key as
 * Bearer or Basic, Idempotency-Key on POSTs, `{ error: { type, code, message } }` errors, card_declined
 * as HTTP 402) and signed webhooks (`Stripe-Signature: t=…,v1=…`). Node's `http` and timers only.
 */

export type StripeError = { status: number; type: string; code?: string; decline_code?: string; message: string; param?: string };

export type FakeCustomer = {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
};

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  off_session: boolean;
  setup_future_usage: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  created: number;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  /** the charge that moved the money (a succeeded intent), expandable as Stripe's */
  latest_charge: string | null;
};

/** What moved money: the charge of a succeeded intent, with how it was paid (payment_method_details). */
export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  paid: boolean;
  created: number;
  payment_method_details: { type: string } & Record<string, unknown>;
};

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  /** setup mode: the SetupIntent that saved a method */
  setup_intent: string | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
};

/** what a session's payment intent is made with (payment_intent_data), kept beside the session */
type SessionIntentData = { metadata: Record<string, string>; setup_future_usage: string | null; description: string | null };

/** A method saved for later without a payment (a Checkout Session in setup mode). */
export type FakeSetupIntent = {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  status: 'succeeded';
  usage: 'off_session';
  created: number;
  /** a redirect-based method's attempt names the SEPA debit it generated */
  latest_attempt: { id: string; object: 'setup_attempt'; payment_method_details: { type: string } & Record<string, unknown> } | null;
};

export type FakeEvent = { id: string; object: 'event'; type: string; created: number; api_version: string; data: { object: unknown } };

/** Stripe's test payment methods that the fake knows: the first succeeds, the others are declined. */
export const TEST_PAYMENT_METHODS: Record<string, { decline_code: string } | null> = {
  pm_card_visa: null,
  pm_card_mastercard: null,
  pm_card_chargeDeclined: { decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { decline_code: 'insufficient_funds' },
};

/**
 * Bank debits (SEPA Direct Debit): confirmed, a debit stays `processing` until the bank answers, which takes
 * Stripe up to 14 business days; a test moves it on with `settleDebit`. Named after Stripe's test IBANs:
 * DE89370400440532013000 succeeds, DE62370400440532013001 fails (processing → requires_payment_method).
 */
export const TEST_BANK_DEBITS: Record<string, 'succeeds' | 'fails'> = {
  pm_sepa_debit_DE89370400440532013000: 'succeeds',
  pm_sepa_debit_DE62370400440532013001: 'fails',
};

/**
 * Redirect-based methods paid on the hosted page (the person approves at their bank): they succeed, and, with
 * setup_future_usage, Stripe keeps a SEPA Direct Debit they generated (payment_method_details.<type>
 * .generated_sepa_debit) for later payments; the method itself cannot be charged off-session.
 */
export const REDIRECT_METHODS: Record<string, 'ideal' | 'bancontact' | 'sofort'> = {
  pm_ideal: 'ideal',
  pm_bancontact: 'bancontact',
  pm_sofort: 'sofort',
};

/** How long Stripe keeps an idempotency key: a key used again later makes a new object (Stripe prunes keys after 24 h). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export type FakeStripeOptions = {
  port?: number;
  host?: string;
  /** the secret keys accepted (Bearer sk, or Basic with sk as user) */
  secretKeys?: string[];
  /** each answer waits this long (lets two parallel requests with one key really overlap) */
  latencyMs?: number;
  webhook?: { url: string; secret: string };
  apiVersion?: string;
  /**
   * The account's Dashboard has redirect-based methods switched on (iDEAL, Bancontact…), as most European accounts
   * do: a confirm without payment_method_types or automatic_payment_methods[allow_redirects]=never then needs a
   * return_url, as Stripe answers. Default true.
   */
  dashboardRedirectMethods?: boolean;
};

type Stored = { path: string; bodyHash: string; status: number; body: unknown; at: number };

/** The parameters each create endpoint takes (top level); anything else is Stripe's 400 'Received unknown parameter'. */
const KNOWN_PARAMS: Record<string, readonly string[]> = {
  '/v1/customers': ['metadata', 'email', 'name', 'description', 'expand'],
  '/v1/payment_intents': [
    'amount',
    'currency',
    'customer',
    'description',
    'metadata',
    'payment_method',
    // API 2026-11-18.endive: the methods a payment may use are allowed_payment_method_types (payment_method_types is gone)
    'allowed_payment_method_types',
    'excluded_payment_method_types',
    'automatic_payment_methods',
    'off_session',
    'confirm',
    'return_url',
    'setup_future_usage',
    'expand',
  ],
  '/v1/checkout/sessions': [
    'mode',
    'customer',
    'client_reference_id',
    'line_items',
    'payment_intent_data',
    'setup_intent_data',
    'currency',
    'metadata',
    'success_url',
    'cancel_url',
    'expand',
  ],
};
type Delivery = { eventId: string; status: number; at: number };

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** `a[b][c]=1` → { a: { b: { c: '1' } } }; repeated `a[]` become arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((part, index) => (index === 0 ? part : part.replace(/\]$/, '')));
    let node: Record<string, unknown> = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        if (part === '') (node as unknown as unknown[]).push(value);
        else node[part] = value;
        return;
      }
      const nextIsArray = parts[index + 1] === '';
      if (node[part] === undefined) node[part] = nextIsArray ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

/** The header Stripe sends with each webhook (v1 scheme). */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function error(status: number, type: string, message: string, extra: Partial<StripeError> = {}): StripeError {
  return { status, type, message, ...extra };
}

export class FakeStripeServer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  /** the fake's clock runs ahead of the machine's by this much (advanceClock) */
  private clockOffsetMs = 0;
  readonly checkoutSessions = new Map<string, FakeCheckoutSession>();
  private readonly sessionIntentData = new Map<string, SessionIntentData>();
  readonly events = new Map<string, FakeEvent>();
  readonly deliveries: Delivery[] = [];
  /** every request as received: method, path, headers that matter */
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    stripeVersion: string | null;
    contentType: string | null;
  }[] = [];
  private readonly idempotency = new Map<string, Stored>();
  private readonly inFlight = new Set<string>();
  private readonly failures: StripeError[] = [];
  private readonly secretKeys: Set<string>;
  url = '';

  constructor(private readonly options: FakeStripeOptions = {}) {
    this.secretKeys = new Set(options.secretKeys ?? ['sk_test_fake']);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${address.port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The fake's time: the machine's, plus what a test moved it on (advanceClock). */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Moves the fake's clock on, e.g. past the 24 hours after which Stripe forgets an idempotency key. */
  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  setWebhook(webhook: { url: string; secret: string } | undefined): void {
    this.options.webhook = webhook;
  }

  /** the next POSTs that create something fail this way (a 500 is stored under its key, as Stripe does) */
  failNext(...failures: StripeError[]): void {
    this.failures.push(...failures);
  }

  /** payment intents that moved money (succeeded), per customer or in all */
  succeededCharges(customer?: string): FakePaymentIntent[] {
    return [...this.paymentIntents.values()].filter((pi) => pi.status === 'succeeded' && (!customer || pi.customer === customer));
  }

  customerByMetadata(key: string, value: string): FakeCustomer | undefined {
    return [...this.customers.values()].find((customer) => customer.metadata[key] === value);
  }

  private apiVersion(): string {
    return this.options.apiVersion ?? '2026-11-18.endive';
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/_fake/')) return this.control(req.method ?? 'GET', url, raw, res);
    if (url.pathname.startsWith('/pay/')) return this.hostedPage(req.method ?? 'GET', decodeURIComponent(url.pathname.slice(5)), raw, res);
    const key = header(req, 'idempotency-key');
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: key,
      stripeVersion: header(req, 'stripe-version'),
      contentType: header(req, 'content-type'),
    });
    if (!this.authorized(header(req, 'authorization'))) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided. You did not provide a valid secret key.' },
      });
    }
    if (req.method === 'GET') {
      await this.latency();
      return this.answer(res, this.read(url));
    }
    if (req.method !== 'POST') return this.answer(res, error(405, 'invalid_request_error', `Unrecognized request method ${req.method}`));
    const contentType = header(req, 'content-type') ?? '';
    if (raw !== '' && !contentType.startsWith('application/x-www-form-urlencoded'))
      return this.answer(res, error(400, 'invalid_request_error', 'Invalid request: the body must be application/x-www-form-urlencoded'));
    const params = parseForm(raw);
    if (!key) {
      await this.latency();
      return this.answer(res, this.create(url.pathname, params));
    }
    const bodyHash = createHash('sha256').update(`${url.pathname}\n${raw}`).digest('hex');
    const kept = this.idempotency.get(key);
    // Stripe keeps a key for 24 hours: after that it is a new key, and the same request makes a new object
    if (kept && this.now() - kept.at >= IDEMPOTENCY_KEY_TTL_MS) this.idempotency.delete(key);
    const stored = this.idempotency.get(key);
    if (stored) {
      if (stored.bodyHash !== bodyHash)
        return this.answer(
          res,
          error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      res.setHeader('idempotent-replayed', 'true');
      return send(res, stored.status, stored.body);
    }
    if (this.inFlight.has(key))
      return this.answer(
        res,
        error(409, 'idempotency_error', 'There is currently another in-progress request using this Idempotent Key. Retry later.', {
          code: 'idempotency_key_in_use',
        }),
      );
    this.inFlight.add(key);
    try {
      // the request runs while its key is held: another one with the same key meanwhile gets 409
      await this.latency();
      const result = this.create(url.pathname, params);
      // a request refused before it ran (validation) is not stored, as Stripe does; anything that ran is
      const [status, body] = isError(result) ? [result.status, errorBody(result)] : [200, result];
      if (!isError(result) || result.status === 402 || result.status >= 500)
        this.idempotency.set(key, { path: url.pathname, bodyHash, status, body, at: this.now() });
      return send(res, status, body);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async latency(): Promise<void> {
    if (this.options.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
  }

  private authorized(authorization: string | null): boolean {
    if (!authorization) return false;
    const [scheme, value = ''] = authorization.split(' ');
    if (scheme === 'Bearer') return this.secretKeys.has(value);
    if (scheme === 'Basic') return this.secretKeys.has(Buffer.from(value, 'base64').toString('utf8').replace(/:$/, ''));
    return false;
  }

  private answer(res: ServerResponse, result: unknown): void {
    if (isError(result)) return send(res, result.status, errorBody(result));
    send(res, 200, result);
  }

  private read(url: URL): unknown {
    const [, version, collection, id] = url.pathname.split('/');
    if (version !== 'v1') return error(404, 'invalid_request_error', `Unrecognized request URL (GET: ${url.pathname}).`);
    if (collection === 'customers' && id) return this.customers.get(id) ?? missing('customer', id);
    if (collection === 'checkout' && id === 'sessions') {
      const sessionId = url.pathname.split('/')[4];
      if (sessionId) return this.checkoutSessions.get(sessionId) ?? missing('checkout.session', sessionId);
    }
    if (collection === 'charges' && id) return this.charges.get(id) ?? missing('charge', id);
    if (collection === 'setup_intents' && id) {
      const intent = this.setupIntents.get(id);
      if (!intent) return missing('setup_intent', id);
      const expand = [...url.searchParams.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
      // latest_attempt is an id unless expanded
      return expand.includes('latest_attempt') ? intent : { ...intent, latest_attempt: intent.latest_attempt?.id ?? null };
    }
    if (collection === 'payment_intents' && id) {
      const pi = this.paymentIntents.get(id);
      if (!pi) return missing('payment_intent', id);
      // expand[]=latest_charge (the library sends expand[0]=…): the charge object in place of its id
      const expand = [...url.searchParams.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
      return expand.includes('latest_charge') && pi.latest_charge
        ? { ...pi, latest_charge: this.charges.get(pi.latest_charge) ?? null }
        : pi;
    }
    if (collection === 'payment_intents') {
      const customer = url.searchParams.get('customer');
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const since = Number(url.searchParams.get('created[gte]') ?? 0);
      const all = [...this.paymentIntents.values()]
        .filter((pi) => (!customer || pi.customer === customer) && pi.created >= since)
        .reverse();
      return { object: 'list', url: '/v1/payment_intents', has_more: all.length > limit, data: all.slice(0, limit) };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (GET: ${url.pathname}).`);
  }

  private create(path: string, params: Record<string, unknown>): unknown {
    const failure = this.failures.shift();
    if (failure) return failure;
    const known = KNOWN_PARAMS[path];
    const unknown = known ? Object.keys(params).find((name) => !known.includes(name)) : undefined;
    if (unknown) return error(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, { param: unknown });
    const parts = path.split('/');
    if (path === '/v1/customers') return this.createCustomer(params);
    if (path === '/v1/payment_intents') return this.createPaymentIntent(params);
    if (path === '/v1/checkout/sessions') return this.createCheckoutSession(params);
    if (parts[2] === 'payment_intents' && parts[4] === 'confirm' && parts[3]) return this.confirm(parts[3], params);
    if (parts[2] === 'checkout' && parts[3] === 'sessions' && parts[5] === 'expire' && parts[4]) return this.expireSession(parts[4]);
    return error(404, 'invalid_request_error', `Unrecognized request URL (POST: ${path}).`);
  }

  private createCustomer(params: Record<string, unknown>): FakeCustomer | StripeError {
    const customer: FakeCustomer = {
      id: stripeId('cus'),
      object: 'customer',
      created: this.seconds(),
      email: typeof params['email'] === 'string' ? params['email'] : null,
      name: typeof params['name'] === 'string' ? params['name'] : null,
      metadata: metadataOf(params),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createPaymentIntent(params: Record<string, unknown>): FakePaymentIntent | StripeError {
    const amount = Number(params['amount']);
    if (!Number.isInteger(amount) || amount < 50)
      return error(400, 'invalid_request_error', 'Amount must be at least €0.50 eur', { code: 'amount_too_small', param: 'amount' });
    if (typeof params['currency'] !== 'string')
      return error(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const customer = typeof params['customer'] === 'string' ? params['customer'] : null;
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const pi: FakePaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      currency: params['currency'],
      customer,
      description: typeof params['description'] === 'string' ? params['description'] : null,
      metadata: metadataOf(params),
      payment_method: typeof params['payment_method'] === 'string' ? params['payment_method'] : null,
      off_session: params['off_session'] === 'true',
      setup_future_usage: typeof params['setup_future_usage'] === 'string' ? params['setup_future_usage'] : null,
      status: 'requires_payment_method',
      client_secret: '',
      created: this.seconds(),
      last_payment_error: null,
      latest_charge: null,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
    if (pi.payment_method) pi.status = 'requires_confirmation';
    if (params['confirm'] === 'true') {
      const refused = this.confirmable(params);
      if (refused) return refused;
    }
    this.paymentIntents.set(pi.id, pi);
    if (params['confirm'] === 'true') return this.attempt(pi);
    return pi;
  }

  /**
   * Stripe refuses to confirm an intent that may use redirect-based methods without a return_url: the account's
   * Dashboard methods apply unless allowed_payment_method_types names the methods, and automatic_payment_methods
   * allows redirects unless allow_redirects=never.
   */
  private confirmable(params: Record<string, unknown>): StripeError | null {
    if (typeof params['return_url'] === 'string') return null;
    if (params['allowed_payment_method_types'] !== undefined) return null;
    const automatic = params['automatic_payment_methods'] as { enabled?: string; allow_redirects?: string } | undefined;
    if (automatic?.enabled === 'true' && automatic.allow_redirects === 'never') return null;
    if (automatic === undefined && this.options.dashboardRedirectMethods === false) return null;
    return error(
      400,
      'invalid_request_error',
      "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      { param: 'return_url' },
    );
  }

  private createCheckoutSession(params: Record<string, unknown>): FakeCheckoutSession | StripeError {
    if (params['mode'] !== 'payment' && params['mode'] !== 'setup')
      return error(400, 'invalid_request_error', 'The fake knows mode=payment and mode=setup.', {
        code: 'parameter_invalid_empty',
        param: 'mode',
      });
    if (typeof params['success_url'] !== 'string' || !/^https?:\/\//.test(params['success_url']))
      return error(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param: 'success_url' });
    if (params['mode'] === 'setup') return this.createSetupSession(params, params['success_url']);
    const items = Array.isArray(params['line_items']) ? params['line_items'] : Object.values((params['line_items'] as object) ?? {});
    if (items.length === 0)
      return error(400, 'invalid_request_error', 'Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    let amount = 0;
    let currency = '';
    for (const [index, item] of items.entries()) {
      const line = item as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
      };
      const unit = Number(line.price_data?.unit_amount);
      const quantity = Number(line.quantity ?? 1);
      if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1 || !line.price_data?.currency)
        return error(
          400,
          'invalid_request_error',
          `Invalid line_items[${index}]: price_data with currency and unit_amount, and a quantity`,
          {
            code: 'parameter_invalid_integer',
            param: `line_items[${index}]`,
          },
        );
      if (!line.price_data.product_data?.name)
        return error(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][product_data][name].', {
          code: 'parameter_missing',
          param: `line_items[${index}][price_data][product_data][name]`,
        });
      amount += unit * quantity;
      currency = line.price_data.currency;
    }
    if (amount < 50)
      return error(400, 'invalid_request_error', "The Checkout Session's total amount due must add up to at least €0.50 eur", {
        code: 'amount_too_small',
      });
    const customer = typeof params['customer'] === 'string' ? params['customer'] : null;
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const intentData = (params['payment_intent_data'] ?? {}) as Record<string, unknown>;
    const created = this.seconds();
    const session: FakeCheckoutSession = {
      id: stripeId('cs_test'),
      object: 'checkout.session',
      mode: 'payment',
      customer,
      client_reference_id: typeof params['client_reference_id'] === 'string' ? params['client_reference_id'] : null,
      amount_total: amount,
      currency,
      metadata: metadataOf(params),
      payment_intent: null,
      setup_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params['success_url'],
      cancel_url: typeof params['cancel_url'] === 'string' ? params['cancel_url'] : null,
      url: null,
      created,
      expires_at: created + 24 * 3600,
    };
    session.url = `${this.url}/pay/${session.id}`;
    this.checkoutSessions.set(session.id, session);
    this.sessionIntentData.set(session.id, {
      metadata: metadataOf(intentData),
      setup_future_usage: typeof intentData['setup_future_usage'] === 'string' ? intentData['setup_future_usage'] : null,
      description: typeof intentData['description'] === 'string' ? intentData['description'] : null,
    });
    return { ...session };
  }

  /**
   * A Checkout Session in setup mode: the hosted page saves a method for later and charges nothing. Stripe asks
   * for the currency (the methods it may offer depend on it) when no allowed_payment_method_types are named.
   */
  private createSetupSession(params: Record<string, unknown>, successUrl: string): FakeCheckoutSession | StripeError {
    if (params['line_items'] !== undefined || params['payment_intent_data'] !== undefined)
      return error(400, 'invalid_request_error', 'line_items and payment_intent_data are not allowed in setup mode.', {
        param: 'line_items',
      });
    if (typeof params['currency'] !== 'string')
      return error(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const customer = typeof params['customer'] === 'string' ? params['customer'] : null;
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const created = this.seconds();
    const session: FakeCheckoutSession = {
      id: stripeId('cs_test'),
      object: 'checkout.session',
      mode: 'setup',
      customer,
      client_reference_id: typeof params['client_reference_id'] === 'string' ? params['client_reference_id'] : null,
      amount_total: 0,
      currency: params['currency'],
      metadata: metadataOf(params),
      payment_intent: null,
      setup_intent: null,
      payment_status: 'no_payment_required',
      status: 'open',
      success_url: successUrl,
      cancel_url: typeof params['cancel_url'] === 'string' ? params['cancel_url'] : null,
      url: null,
      created,
      expires_at: created + 24 * 3600,
    };
    session.url = `${this.url}/pay/${session.id}`;
    this.checkoutSessions.set(session.id, session);
    const intentData = (params['setup_intent_data'] ?? {}) as Record<string, unknown>;
    this.sessionIntentData.set(session.id, { metadata: metadataOf(intentData), setup_future_usage: 'off_session', description: null });
    return { ...session };
  }

  /** The person saves a method on a setup session's page: a succeeded SetupIntent, its events, back to success_url. */
  private async completeSetup(
    session: FakeCheckoutSession,
    paymentMethod: string,
  ): Promise<{ redirect: string; session: FakeCheckoutSession }> {
    const redirect = REDIRECT_METHODS[paymentMethod];
    let attempt: FakeSetupIntent['latest_attempt'] = null;
    if (redirect) {
      const generated = stripeId('pm_sepa_generated');
      this.generatedDebits.add(generated);
      attempt = {
        id: stripeId('setatt'),
        object: 'setup_attempt',
        payment_method_details: { type: redirect, [redirect]: { generated_sepa_debit: generated } },
      };
    }
    const intent: FakeSetupIntent = {
      id: stripeId('seti'),
      object: 'setup_intent',
      customer: session.customer,
      metadata: { ...(this.sessionIntentData.get(session.id)?.metadata ?? {}) },
      payment_method: paymentMethod,
      status: 'succeeded',
      usage: 'off_session',
      created: this.seconds(),
      latest_attempt: attempt,
    };
    this.setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    session.status = 'complete';
    const events = [this.emit('setup_intent.succeeded', intent, false), this.emit('checkout.session.completed', session, false)];
    await Promise.all(events.map((event) => this.deliver(event.id).catch(() => 0)));
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), session: { ...session } };
  }

  /**
   * The person on the hosted checkout page: `pay` makes the session's payment intent with the card
   * (succeeded; the card saved to the customer when setup_future_usage asks), completes the session,
   * sends `payment_intent.succeeded` and `checkout.session.completed` signed (awaited), and answers where
   * the browser goes next (success_url); `decline` charges nothing and sends the person to cancel_url
   * (the session stays open: they may come back and pay). Paying a completed session again charges nothing.
   */
  async completeSession(
    sessionId: string,
    action: 'pay' | 'decline',
    paymentMethod = 'pm_card_visa',
  ): Promise<{ redirect: string; session: FakeCheckoutSession } | StripeError> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) return missing('checkout.session', sessionId);
    const success = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
    if (session.status === 'complete') return { redirect: success, session: { ...session } };
    if (session.status !== 'open') return error(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
    const debit = this.bankDebit(paymentMethod) !== undefined;
    const redirect = REDIRECT_METHODS[paymentMethod] !== undefined;
    // a card that would be declined is refused when saved, too
    if (session.mode === 'setup' && action === 'pay' && (debit || redirect || TEST_PAYMENT_METHODS[paymentMethod] === null)) {
      return this.completeSetup(session, paymentMethod);
    }
    if (action === 'decline' || (!debit && !redirect && TEST_PAYMENT_METHODS[paymentMethod] !== null)) {
      if (!debit && !redirect && TEST_PAYMENT_METHODS[paymentMethod] === undefined) return missing('payment_method', paymentMethod);
      return { redirect: (session.cancel_url ?? success).replace('{CHECKOUT_SESSION_ID}', session.id), session: { ...session } };
    }
    const data = this.sessionIntentData.get(session.id);
    const pi: FakePaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      description: data?.description ?? null,
      metadata: { ...(data?.metadata ?? {}) },
      payment_method: paymentMethod,
      off_session: false,
      setup_future_usage: data?.setup_future_usage ?? null,
      // a bank debit is processing until settleDebit: the session completes unpaid and is paid (or not) later
      status: debit ? 'processing' : 'succeeded',
      client_secret: '',
      created: this.seconds(),
      last_payment_error: null,
      latest_charge: null,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
    if (!debit) this.charge(pi);
    this.paymentIntents.set(pi.id, pi);
    session.payment_intent = pi.id;
    session.status = 'complete';
    session.payment_status = debit ? 'unpaid' : 'paid';
    const events = [
      this.emit(debit ? 'payment_intent.processing' : 'payment_intent.succeeded', pi, false),
      this.emit('checkout.session.completed', session, false),
    ];
    await Promise.all(events.map((event) => this.deliver(event.id).catch(() => 0)));
    return { redirect: success, session: { ...session } };
  }

  /**
   * Stripe's POST /v1/checkout/sessions/{id}/expire (and what happens by itself after expires_at): an
   * open session can no longer be paid, and `checkout.session.expired` is sent. Only an open one expires.
   */
  expireSession(sessionId: string): FakeCheckoutSession | StripeError {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) return missing('checkout.session', sessionId);
    if (session.status !== 'open') {
      return error(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired.`);
    }
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
    return { ...session };
  }

  private hostedPage(method: string, sessionId: string, raw: string, res: ServerResponse): void {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title><p>No such checkout session.</p>');
      return;
    }
    if (method === 'POST') {
      const form = new URLSearchParams(raw);
      const action = form.get('action') === 'pay' ? 'pay' : 'decline';
      void this.completeSession(sessionId, action, form.get('payment_method') ?? 'pm_card_visa').then((result) => {
        if (isError(result)) return send(res, result.status, errorBody(result));
        res.writeHead(303, { location: result.redirect });
        res.end();
      });
      return;
    }
    const amount =
      session.mode === 'setup' ? 'nothing now' : `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const body =
      session.status === 'complete'
        ? `<p>This payment is complete.</p><p><a href="${escapeHtml(session.success_url)}">Back</a></p>`
        : `<form method="post" action="/pay/${escapeHtml(session.id)}">
<input type="hidden" name="payment_method" value="pm_card_visa">
<button type="submit" name="action" value="pay" aria-label="Pay ${escapeHtml(amount)}">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="decline" aria-label="Decline and go back">Decline</button>
</form>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><h1>Fake Stripe Checkout</h1><p>Amount: ${escapeHtml(amount)}</p>${body}</body></html>`);
  }

  private confirm(id: string, params: Record<string, unknown>): FakePaymentIntent | StripeError {
    const pi = this.paymentIntents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (pi.status === 'succeeded' || pi.status === 'canceled')
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    if (typeof params['payment_method'] === 'string') pi.payment_method = params['payment_method'];
    return this.attempt(pi);
  }

  /** SEPA debits Stripe generated from redirect-based payments (iDEAL…): they can be charged later, and succeed. */
  private readonly generatedDebits = new Set<string>();

  private bankDebit(paymentMethod: string | null): 'succeeds' | 'fails' | undefined {
    if (!paymentMethod) return undefined;
    return this.generatedDebits.has(paymentMethod) ? 'succeeds' : TEST_BANK_DEBITS[paymentMethod];
  }

  /** The charge that moved a succeeded intent's money, and how it was paid; a redirect-based one generates a debit. */
  private charge(pi: FakePaymentIntent): void {
    const method = pi.payment_method ?? '';
    const redirect = REDIRECT_METHODS[method];
    let details: FakeCharge['payment_method_details'];
    if (redirect) {
      const generated = stripeId('pm_sepa_generated');
      // only a method saved for later (setup_future_usage) leaves a reusable debit behind
      const reusable = pi.setup_future_usage ? generated : null;
      if (reusable) this.generatedDebits.add(reusable);
      details = {
        type: redirect,
        [redirect]: { generated_sepa_debit: reusable, generated_sepa_debit_mandate: reusable && stripeId('mandate') },
      };
    } else if (this.bankDebit(method)) {
      details = { type: 'sepa_debit', sepa_debit: { last4: method.slice(-4) } };
    } else {
      details = { type: 'card', card: { brand: 'visa', last4: '4242' } };
    }
    const charge: FakeCharge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: pi.amount,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: method,
      paid: true,
      created: this.seconds(),
      payment_method_details: details,
    };
    this.charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
  }

  /** Charges the payment method: succeeded, or a 402 card_error carrying the payment intent. */
  private attempt(pi: FakePaymentIntent): FakePaymentIntent | StripeError {
    if (!pi.payment_method) {
      return error(400, 'invalid_request_error', "You cannot confirm this PaymentIntent because it's missing a payment method.", {
        code: 'payment_intent_unexpected_state',
      });
    }
    const redirect = REDIRECT_METHODS[pi.payment_method];
    if (redirect && pi.off_session) {
      // the person must approve an iDEAL, Bancontact or Sofort payment at their bank: it cannot run without them
      this.paymentIntents.delete(pi.id);
      return error(
        400,
        'invalid_request_error',
        `A PaymentMethod of type ${redirect} needs the customer to authorize each payment and cannot be used off-session. Charge the SEPA Direct Debit it generated (generated_sepa_debit).`,
        { code: 'payment_method_invalid_parameter', param: 'payment_method' },
      );
    }
    if (this.bankDebit(pi.payment_method)) {
      pi.status = 'processing';
      pi.last_payment_error = null;
      this.emit('payment_intent.processing', pi);
      return { ...pi };
    }
    const outcome = redirect ? null : TEST_PAYMENT_METHODS[pi.payment_method];
    if (outcome === undefined) return missing('payment_method', pi.payment_method);
    if (outcome) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: outcome.decline_code,
        message: 'Your card was declined.',
      };
      this.emit('payment_intent.payment_failed', pi);
      return {
        ...error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: outcome.decline_code }),
        payment_intent: { ...pi },
      } as StripeError;
    }
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    this.charge(pi);
    this.emit('payment_intent.succeeded', pi);
    return { ...pi };
  }

  /**
   * The bank's answer to a debit still processing: succeeded, or back to requires_payment_method with the
   * error (its payment method's test outcome); the event is delivered before this resolves.
   */
  async settleDebit(paymentIntentId: string): Promise<FakePaymentIntent | StripeError> {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (!pi) return missing('payment_intent', paymentIntentId);
    const outcome = this.bankDebit(pi.payment_method);
    if (pi.status !== 'processing' || !outcome)
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    if (outcome === 'succeeds') {
      pi.status = 'succeeded';
      this.charge(pi);
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'insufficient_funds', message: 'The account has insufficient funds.' };
    }
    const events = [this.emit(outcome === 'succeeds' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', pi, false)];
    // the debit of a checkout also ends its session's wait (Stripe's async payment events)
    const session = [...this.checkoutSessions.values()].find((s) => s.payment_intent === pi.id);
    if (session) {
      if (outcome === 'succeeds') session.payment_status = 'paid';
      events.push(
        this.emit(
          outcome === 'succeeds' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
          session,
          false,
        ),
      );
    }
    for (const event of events) await this.deliver(event.id);
    return { ...pi };
  }

  /** A person completing (or failing) the payment of a checkout, as Stripe.js would confirm it. */
  pay(paymentIntentId: string, paymentMethod: string): FakePaymentIntent | StripeError {
    return this.confirm(paymentIntentId, { payment_method: paymentMethod });
  }

  private emit(type: string, object: { id: string }, deliverNow = true): FakeEvent {
    const event: FakeEvent = {
      id: stripeId('evt'),
      object: 'event',
      type,
      created: this.seconds(),
      api_version: this.apiVersion(),
      data: { object: structuredClone(object) },
    };
    this.events.set(event.id, event);
    if (deliverNow) void this.deliver(event.id).catch(() => undefined);
    return event;
  }

  /** Posts an event, signed, to the webhook URL (again, if it was delivered before: Stripe may). */
  async deliver(eventId: string, options: { timestamp?: number; secret?: string } = {}): Promise<number> {
    const event = this.events.get(eventId);
    const webhook = this.options.webhook;
    if (!event || !webhook) return 0;
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signStripePayload(payload, options.secret ?? webhook.secret, options.timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await response.arrayBuffer();
    this.deliveries.push({ eventId, status: response.status, at: Date.now() });
    return response.status;
  }

  eventsOf(paymentIntentId: string): FakeEvent[] {
    return [...this.events.values()].filter((event) => (event.data.object as { id: string }).id === paymentIntentId);
  }

  private control(method: string, url: URL, raw: string, res: ServerResponse): void {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (method === 'GET' && url.pathname === '/_fake/stats')
      return send(res, 200, {
        customers: this.customers.size,
        payment_intents: this.paymentIntents.size,
        succeeded: this.succeededCharges().length,
        events: this.events.size,
        deliveries: this.deliveries,
      });
    if (method === 'POST' && url.pathname === '/_fake/pay') {
      const method = body['payment_method'];
      const result = this.pay(String(body['payment_intent']), typeof method === 'string' ? method : 'pm_card_visa');
      return isError(result) ? send(res, result.status, errorBody(result)) : send(res, 200, result);
    }
    if (method === 'POST' && url.pathname === '/_fake/pay-session') {
      const action = body['action'] === 'decline' ? 'decline' : 'pay';
      void this.completeSession(String(body['session']), action).then((result) =>
        isError(result) ? send(res, result.status, errorBody(result)) : send(res, 200, result),
      );
      return;
    }
    if (method === 'POST' && url.pathname === '/_fake/settle-debit') {
      void this.settleDebit(String(body['payment_intent'])).then((result) =>
        isError(result) ? send(res, result.status, errorBody(result)) : send(res, 200, result),
      );
      return;
    }
    if (method === 'POST' && url.pathname === '/_fake/redeliver') {
      void this.deliver(String(body['event'])).then((status) => send(res, 200, { status }));
      return;
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `no control at ${url.pathname}` } });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function metadataOf(params: Record<string, unknown>): Record<string, string> {
  const metadata = params['metadata'];
  return metadata && typeof metadata === 'object' ? { ...(metadata as Record<string, string>) } : {};
}

function missing(kind: string, id: string): StripeError {
  return error(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: kind === 'customer' ? 'customer' : 'id',
  });
}

function isError(value: unknown): value is StripeError {
  return typeof value === 'object' && value !== null && 'type' in value && 'status' in value && 'message' in value && !('object' in value);
}

function errorBody(result: StripeError): { error: Record<string, unknown> } {
  const { status: _status, ...rest } = result;
  return { error: rest };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  res.end(text);
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripeServer> {
  const fake = new FakeStripeServer(options);
  await fake.start();
  return fake;
}
