import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { templateCreationProblem, type CloudTemplateStatus } from '@pawline/domain';
import { bearerOf, graphError, graphId, json, readJson, type GraphRefusal } from './fake-http';

/**
 * The business side of the fake Cloud API: what a Tech Provider's onboarding and template management use.
 * Embedded Signup's code exchanged for a business token (GET /oauth/access_token), the token's WhatsApp Business
 * Accounts (GET /debug_token), their phone numbers with display name, quality rating and messaging limit, the
 * app's webhook subscription (/{WABA-ID}/subscribed_apps), registration (/{Phone-Number-ID}/register), and
 * templates (/{WABA-ID}/message_templates) with a review that approves or rejects them and reports it on the
 * webhook (field message_template_status_update).
 */

export type FakeTemplate = {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  body: string;
  parameterCount: number;
  buttons: string[];
  status: CloudTemplateStatus;
  rejectedReason: string | null;
};

export type FakePhoneNumber = {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  messagingLimitTier: 'TIER_250' | 'TIER_1K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';
  pin: string | null;
};

type Waba = { id: string; name: string; subscribedApps: Set<string>; templates: Map<string, FakeTemplate> };
type Grant = { wabaIds: string[]; kind: 'USER' | 'SYSTEM_USER' };

/** A reference's problems with a request body of an operation ([] when it follows it). */
export type RequestCheck = (operation: 'message' | 'templateCreate' | 'register' | 'subscribeApp', body: unknown) => string[];

/** How the fake's review decides a new template; by default every template is approved. */
export type TemplateReview = (template: FakeTemplate) => { status: 'APPROVED' } | { status: 'REJECTED'; reason: string };

export type BusinessOptions = {
  /** the Tech Provider's Meta app */
  app: { id: string; secret: string };
  /** after this long a pending template is reviewed (default 0: at once; null: only when a test calls review) */
  reviewDelayMs?: number | null;
  review?: TemplateReview;
  /** templates every account has, approved (tests and benches that do not go through onboarding) */
  templates?: { name: string; language: string; parameterCount: number }[];
  checkRequest?: RequestCheck;
};

type Change = { field: string; value: Record<string, unknown> };
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export class FakeBusinessPlatform {
  private readonly wabas = new Map<string, Waba>();
  private readonly phones = new Map<string, FakePhoneNumber>();
  private readonly codes = new Map<string, string[]>();
  private readonly grants = new Map<string, Grant>();

  constructor(
    private options: BusinessOptions,
    /** posts a signed webhook for an account (its id is the entry's) */
    private readonly notify: (wabaId: string, changes: Change[]) => void,
    private readonly later: (ms: number, work: () => void) => void,
  ) {}

  configure(change: Partial<BusinessOptions>): void {
    this.options = { ...this.options, ...change };
  }

  /** A business finishing Embedded Signup: its account and number exist, and a one-time code grants them. */
  signup(input: { businessName?: string; displayPhoneNumber?: string; verifiedName?: string } = {}): {
    code: string;
    wabaId: string;
    phoneNumberId: string;
  } {
    const waba = this.addWaba(input.businessName ?? 'Salon');
    const phone = this.addPhone(waba.id, {
      displayPhoneNumber: input.displayPhoneNumber ?? `+39 06 ${String(Math.floor(Math.random() * 9e6) + 1e6)}`,
      verifiedName: input.verifiedName ?? input.businessName ?? 'Salon',
    });
    const code = `code-${randomBytes(12).toString('base64url')}`;
    this.codes.set(code, [waba.id]);
    return { code, wabaId: waba.id, phoneNumberId: phone.id };
  }

  /** A number set up outside onboarding (a test's sender): its account, and its token granting it. */
  addSender(phoneNumberId: string, token: string): void {
    if (this.phones.has(phoneNumberId)) {
      this.grants.set(token, { wabaIds: [this.phones.get(phoneNumberId)?.wabaId ?? ''], kind: 'SYSTEM_USER' });
      return;
    }
    const waba = this.addWaba(`Account of ${phoneNumberId}`, `waba-${phoneNumberId}`);
    this.addPhone(waba.id, { id: phoneNumberId, displayPhoneNumber: phoneNumberId, verifiedName: 'Salon', pin: '000000' });
    this.grants.set(token, { wabaIds: [waba.id], kind: 'SYSTEM_USER' });
  }

  /** A system user's token for an account (what a salon with its own account pastes into the manual connection). */
  grantToken(wabaId: string): string {
    const token = `EAAS${randomBytes(24).toString('base64url')}`;
    this.grants.set(token, { wabaIds: [wabaId], kind: 'SYSTEM_USER' });
    return token;
  }

  phone(phoneNumberId: string): FakePhoneNumber | null {
    return this.phones.get(phoneNumberId) ?? null;
  }

  setPhone(phoneNumberId: string, change: Partial<Pick<FakePhoneNumber, 'qualityRating' | 'messagingLimitTier' | 'verifiedName'>>): void {
    const phone = this.phones.get(phoneNumberId);
    if (phone) Object.assign(phone, change);
  }

  /** Whether this token may act for this phone number (its account is granted). */
  mayUsePhone(token: string, phoneNumberId: string): boolean {
    const phone = this.phones.get(phoneNumberId);
    return phone !== undefined && (this.grants.get(token)?.wabaIds.includes(phone.wabaId) ?? false);
  }

  /** The template a send names in the sender's account (the shared catalogue for accounts made by addSender). */
  templateFor(phoneNumberId: string, name: string, language: string): { status: CloudTemplateStatus; parameterCount: number } | null {
    const waba = this.wabas.get(this.phones.get(phoneNumberId)?.wabaId ?? '');
    const own = [...(waba?.templates.values() ?? [])].find((t) => t.name === name && t.language === language);
    if (own) return own;
    const shared = this.options.templates?.find((t) => t.name === name && t.language === language);
    return shared ? { status: 'APPROVED', parameterCount: shared.parameterCount } : null;
  }

  templates(wabaId?: string): FakeTemplate[] {
    const wabas = wabaId ? [this.wabas.get(wabaId)].filter((w): w is Waba => w !== undefined) : [...this.wabas.values()];
    return wabas.flatMap((waba) => [...waba.templates.values()]);
  }

  subscribedApps(wabaId: string): string[] {
    return [...(this.wabas.get(wabaId)?.subscribedApps ?? [])];
  }

  /** Meta's review of one template (or a change later: paused, disabled); posts the status webhook. */
  review(templateId: string, decision: { status: CloudTemplateStatus; reason?: string }): void {
    const template = this.templates().find((t) => t.id === templateId);
    if (!template) throw new Error(`no template ${templateId}`);
    template.status = decision.status;
    template.rejectedReason = decision.status === 'REJECTED' ? (decision.reason ?? 'INVALID_FORMAT') : null;
    this.notify(template.wabaId, [
      {
        field: 'message_template_status_update',
        value: {
          event: decision.status,
          message_template_id: Number(template.id),
          message_template_name: template.name,
          message_template_language: template.language,
          reason: decision.status === 'REJECTED' ? template.rejectedReason : decision.status === 'PAUSED' ? 'NONE' : null,
          message_template_category: template.category,
        },
      },
    ]);
  }

  reset(): void {
    this.wabas.clear();
    this.phones.clear();
    this.codes.clear();
    this.grants.clear();
  }

  /** Routes of the business API; false when the request is not one of them. */
  route(req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): boolean {
    const [first, second] = parts;
    const method = req.method ?? 'GET';
    if (method === 'GET' && first === 'oauth' && second === 'access_token') {
      this.exchange(res, url);
      return true;
    }
    if (method === 'GET' && first === 'debug_token' && parts.length === 1) {
      this.debugToken(req, res, url);
      return true;
    }
    if (!first) return false;
    const token = bearerOf(req, url);
    const waba = this.wabas.get(first);
    const phone = this.phones.get(first);
    if (waba && second === 'phone_numbers' && method === 'GET') return this.withGrant(res, token, waba.id, () => this.phoneList(res, waba));
    if (waba && second === 'subscribed_apps') return this.withGrant(res, token, waba.id, () => void this.subscription(req, res, waba));
    if (waba && second === 'message_templates')
      return this.withGrant(res, token, waba.id, () => void this.templateRoute(req, res, waba, url));
    if (phone && second === 'register' && method === 'POST')
      return this.withGrant(res, token, phone.wabaId, () => void this.register(req, res, phone));
    if (phone && second === undefined && method === 'GET')
      return this.withGrant(res, token, phone.wabaId, () => json(res, 200, this.phoneView(phone)));
    if (waba && second === undefined && method === 'GET')
      return this.withGrant(res, token, waba.id, () => json(res, 200, { id: waba.id, name: waba.name }));
    return false;
  }

  private addWaba(name: string, id = graphId()): Waba {
    const waba: Waba = { id, name, subscribedApps: new Set(), templates: new Map() };
    this.wabas.set(id, waba);
    return waba;
  }

  private addPhone(
    wabaId: string,
    input: { id?: string; displayPhoneNumber: string; verifiedName: string; pin?: string },
  ): FakePhoneNumber {
    const phone: FakePhoneNumber = {
      id: input.id ?? graphId(),
      wabaId,
      displayPhoneNumber: input.displayPhoneNumber,
      verifiedName: input.verifiedName,
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_250',
      pin: input.pin ?? null,
    };
    this.phones.set(phone.id, phone);
    return phone;
  }

  private withGrant(res: ServerResponse, token: string, wabaId: string, work: () => void): true {
    if (!this.grants.get(token)?.wabaIds.includes(wabaId)) {
      graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
      return true;
    }
    work();
    return true;
  }

  /** Embedded Signup's code for a business token: once, with the app's own secret. */
  private exchange(res: ServerResponse, url: URL): void {
    const { id, secret } = this.options.app;
    if (url.searchParams.get('client_id') !== id || url.searchParams.get('client_secret') !== secret) {
      graphError(res, { status: 400, code: 1, message: 'Error validating client secret.' });
      return;
    }
    const code = url.searchParams.get('code') ?? '';
    const wabaIds = this.codes.get(code);
    if (!wabaIds) {
      graphError(res, { status: 400, code: 100, message: 'Invalid verification code format.', subcode: 36007 });
      return;
    }
    this.codes.delete(code);
    const token = `EAAG${randomBytes(24).toString('base64url')}`;
    this.grants.set(token, { wabaIds, kind: 'USER' });
    json(res, 200, { access_token: token, token_type: 'bearer' });
  }

  /** What a token grants, asked with the app's token (APP_ID|APP_SECRET). */
  private debugToken(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const { id, secret } = this.options.app;
    if (bearerOf(req, url) !== `${id}|${secret}`) {
      graphError(res, { status: 400, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
      return;
    }
    const grant = this.grants.get(url.searchParams.get('input_token') ?? '');
    if (!grant) {
      json(res, 200, { data: { app_id: id, is_valid: false, scopes: [], granular_scopes: [] } });
      return;
    }
    const scopes = ['whatsapp_business_management', 'whatsapp_business_messaging'];
    json(res, 200, {
      data: {
        app_id: id,
        type: grant.kind,
        application: 'Pawline',
        is_valid: true,
        scopes: [...scopes, 'public_profile'],
        granular_scopes: scopes.map((scope) => ({ scope, target_ids: grant.wabaIds })),
      },
    });
  }

  private phoneView(phone: FakePhoneNumber): Record<string, unknown> {
    return {
      id: phone.id,
      display_phone_number: phone.displayPhoneNumber,
      verified_name: phone.verifiedName,
      quality_rating: phone.qualityRating,
      messaging_limit_tier: phone.messagingLimitTier,
      code_verification_status: 'VERIFIED',
      name_status: 'APPROVED',
      platform_type: phone.pin ? 'CLOUD_API' : 'NOT_APPLICABLE',
      status: phone.pin ? 'CONNECTED' : 'PENDING',
    };
  }

  private phoneList(res: ServerResponse, waba: Waba): void {
    const data = [...this.phones.values()].filter((phone) => phone.wabaId === waba.id).map((phone) => this.phoneView(phone));
    json(res, 200, { data, paging: { cursors: { before: 'b', after: 'a' } } });
  }

  private async subscription(req: IncomingMessage, res: ServerResponse, waba: Waba): Promise<void> {
    const appId = this.options.app.id;
    if (req.method === 'POST' && !(await this.checked(req, res, 'subscribeApp'))) return;
    if (req.method === 'POST') waba.subscribedApps.add(appId);
    else if (req.method === 'DELETE') waba.subscribedApps.delete(appId);
    if (req.method === 'GET') {
      json(res, 200, { data: [...waba.subscribedApps].map((id) => ({ whatsapp_business_api_data: { id, name: 'Pawline' } })) });
      return;
    }
    json(res, 200, { success: true });
  }

  /** Registration for the Cloud API with the two-step verification PIN (6 digits; the same one once set). */
  private async register(req: IncomingMessage, res: ServerResponse, phone: FakePhoneNumber): Promise<void> {
    const body = await this.checked(req, res, 'register');
    if (!body) return;
    const pin = body?.['pin'];
    if (body?.['messaging_product'] !== 'whatsapp' || typeof pin !== 'string' || !/^\d{6}$/.test(pin)) {
      graphError(res, {
        status: 400,
        code: 100,
        message: 'Invalid parameter',
        details: 'pin must be 6 digits and messaging_product whatsapp',
      });
      return;
    }
    if (phone.pin !== null && phone.pin !== pin) {
      graphError(res, { status: 400, code: 133005, message: 'Two step verification PIN Mismatch' });
      return;
    }
    phone.pin = pin;
    json(res, 200, { success: true });
  }

  /** The JSON body, or null after answering 400 (not JSON, or not what the reference says). */
  private async checked(
    req: IncomingMessage,
    res: ServerResponse,
    operation: Parameters<RequestCheck>[0],
  ): Promise<Record<string, unknown> | null> {
    const body = await readJson(req);
    const problems = body ? (this.options.checkRequest?.(operation, body) ?? []) : ['The request body is not a JSON object'];
    if (problems.length === 0) return body;
    graphError(res, { status: 400, code: 100, message: 'Invalid parameter', details: problems.join('; ') });
    return null;
  }

  private async templateRoute(req: IncomingMessage, res: ServerResponse, waba: Waba, url: URL): Promise<void> {
    if (req.method === 'GET') {
      const name = url.searchParams.get('name');
      const data = [...waba.templates.values()]
        .filter((t) => name === null || t.name === name)
        .map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          category: t.category,
          status: t.status,
          ...(t.rejectedReason ? { rejected_reason: t.rejectedReason } : {}),
          components: [{ type: 'BODY', text: t.body }],
        }));
      json(res, 200, { data, paging: { cursors: { before: 'b', after: 'a' } } });
      return;
    }
    if (req.method !== 'POST') {
      graphError(res, { status: 400, code: 100, message: 'Unsupported request' });
      return;
    }
    const body = await this.checked(req, res, 'templateCreate');
    if (!body) return;
    const created = this.create(waba, body);
    if ('refusal' in created) graphError(res, created.refusal);
    else json(res, 200, { id: created.template.id, status: created.template.status, category: created.template.category });
  }

  private create(waba: Waba, body: Record<string, unknown> | null): { template: FakeTemplate } | { refusal: GraphRefusal } {
    type Component = { type?: unknown; text?: unknown; example?: { body_text?: unknown }; buttons?: { type?: unknown; text?: unknown }[] };
    const components = (Array.isArray(body?.['components']) ? body['components'] : []) as Component[];
    const bodyComponent = components.find((c) => String(c.type).toUpperCase() === 'BODY');
    const buttons = components.find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons ?? [];
    const examples = Array.isArray(bodyComponent?.example?.body_text) ? ((bodyComponent.example.body_text as unknown[])[0] ?? []) : [];
    const candidate = {
      name: text(body?.['name']),
      language: text(body?.['language']),
      category: text(body?.['category']),
      body: typeof bodyComponent?.text === 'string' ? bodyComponent.text : '',
      examples: (Array.isArray(examples) ? examples : []).map(String),
      buttons: buttons.filter((b) => b.type === 'QUICK_REPLY').map((b) => text(b.text)),
    };
    const problem = templateCreationProblem(candidate);
    if (problem) return { refusal: problem };
    if ([...waba.templates.values()].some((t) => t.name === candidate.name && t.language === candidate.language)) {
      return {
        refusal: {
          status: 400,
          code: 100,
          message: 'Invalid parameter',
          subcode: 2388024,
          details: 'Content in this language already exists',
        },
      };
    }
    const template: FakeTemplate = {
      id: graphId(),
      wabaId: waba.id,
      name: candidate.name,
      language: candidate.language,
      category: candidate.category,
      body: candidate.body,
      parameterCount: candidate.examples.length,
      buttons: candidate.buttons,
      status: 'PENDING',
      rejectedReason: null,
    };
    waba.templates.set(template.id, template);
    const delay = this.options.reviewDelayMs === undefined ? 0 : this.options.reviewDelayMs;
    if (delay !== null) {
      this.later(delay, () => {
        if (template.status !== 'PENDING') return;
        const decision = this.options.review?.(template) ?? { status: 'APPROVED' as const };
        this.review(template.id, decision);
      });
    }
    return { template };
  }
}
