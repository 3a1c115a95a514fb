import type { CloudTemplateStatus, TemplateRegistration } from '@pawline/domain';
import { BusinessApiError, type PhoneNumberStatus, type ProviderTemplate, type WhatsAppBusinessApi } from '../ports';
import { exchange, parseJson } from './provider-http';

export type WhatsAppCloudBusinessOptions = {
  /** WHATSAPP_API_BASE_URL, with its version */
  baseUrl: string;
  timeoutMs: number;
  /** the Meta app's id and secret (WHATSAPP_APP_ID, WHATSAPP_APP_SECRET): Embedded Signup's code exchange, debug_token */
  appId: string;
  appSecret: string;
};

type Json = Record<string, unknown>;
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);
const PHONE_FIELDS = 'id,display_phone_number,verified_name,quality_rating,messaging_limit_tier';
const TEMPLATE_FIELDS = 'id,name,language,status,category,rejected_reason';
const STATUSES: readonly CloudTemplateStatus[] = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'];
/** at most this many pages of an account's templates are read (250 each) */
const TEMPLATE_PAGES = 8;

/** The creation body of POST /{WABA-ID}/message_templates for one registration. */
export function cloudTemplateBody(template: TemplateRegistration): Json {
  const body: Json = { type: 'BODY', text: template.body };
  if (template.examples.length > 0) body['example'] = { body_text: [template.examples] };
  const components: Json[] = [body];
  if (template.buttons.length > 0) {
    components.push({ type: 'BUTTONS', buttons: template.buttons.map((text) => ({ type: 'QUICK_REPLY', text })) });
  }
  return { name: template.name, language: template.language, category: template.category, components };
}

function phoneOf(raw: Json): PhoneNumberStatus {
  return {
    phoneNumberId: text(raw['id']),
    displayPhoneNumber: text(raw['display_phone_number']),
    verifiedName: text(raw['verified_name']),
    qualityRating: text(raw['quality_rating'], 'UNKNOWN'),
    messagingLimit: typeof raw['messaging_limit_tier'] === 'string' ? raw['messaging_limit_tier'] : null,
  };
}

function templateOf(raw: Json): ProviderTemplate {
  const status = text(raw['status']).toUpperCase();
  return {
    providerTemplateId: text(raw['id']),
    name: text(raw['name']),
    language: text(raw['language']),
    category: text(raw['category']),
    status: (STATUSES as readonly string[]).includes(status) ? (status as CloudTemplateStatus) : 'PENDING',
    reason: typeof raw['rejected_reason'] === 'string' && raw['rejected_reason'] !== 'NONE' ? raw['rejected_reason'] : null,
  };
}

/** The Graph API's business calls a Tech Provider makes (onboarding, templates), with the business's token. */
export class WhatsAppCloudBusiness implements WhatsAppBusinessApi {
  private readonly baseUrl: string;

  constructor(private readonly options: WhatsAppCloudBusinessOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async exchangeCode(code: string): Promise<{ accessToken: string }> {
    const query = new URLSearchParams({ client_id: this.options.appId, client_secret: this.options.appSecret, code });
    const answer = await this.call('GET', `oauth/access_token?${query.toString()}`, null);
    const token = answer['access_token'];
    if (typeof token !== 'string' || token === '') throw new BusinessApiError(502, null, null, 'the code exchange answered no token');
    return { accessToken: token };
  }

  async sharedAccounts(accessToken: string): Promise<string[]> {
    const query = new URLSearchParams({ input_token: accessToken });
    const answer = await this.call('GET', `debug_token?${query.toString()}`, `${this.options.appId}|${this.options.appSecret}`);
    const data = (answer['data'] ?? {}) as { is_valid?: unknown; granular_scopes?: { scope?: unknown; target_ids?: unknown }[] };
    if (data.is_valid !== true) throw new BusinessApiError(400, 190, null, 'the business token is not valid');
    const management = (data.granular_scopes ?? []).find((scope) => scope.scope === 'whatsapp_business_management');
    return Array.isArray(management?.target_ids) ? management.target_ids.map(String) : [];
  }

  async phoneNumbers(accessToken: string, wabaId: string): Promise<PhoneNumberStatus[]> {
    const answer = await this.call('GET', `${encodeURIComponent(wabaId)}/phone_numbers?fields=${PHONE_FIELDS}`, accessToken);
    return (Array.isArray(answer['data']) ? (answer['data'] as Json[]) : []).map(phoneOf);
  }

  async phoneNumber(accessToken: string, phoneNumberId: string): Promise<PhoneNumberStatus> {
    return phoneOf(await this.call('GET', `${encodeURIComponent(phoneNumberId)}?fields=${PHONE_FIELDS}`, accessToken));
  }

  async subscribeApp(accessToken: string, wabaId: string): Promise<void> {
    await this.call('POST', `${encodeURIComponent(wabaId)}/subscribed_apps`, accessToken, {});
  }

  async unsubscribeApp(accessToken: string, wabaId: string): Promise<void> {
    await this.call('DELETE', `${encodeURIComponent(wabaId)}/subscribed_apps`, accessToken);
  }

  async register(accessToken: string, phoneNumberId: string, pin: string): Promise<void> {
    await this.call('POST', `${encodeURIComponent(phoneNumberId)}/register`, accessToken, { messaging_product: 'whatsapp', pin });
  }

  async createTemplate(accessToken: string, wabaId: string, template: TemplateRegistration): Promise<ProviderTemplate> {
    const answer = await this.call('POST', `${encodeURIComponent(wabaId)}/message_templates`, accessToken, cloudTemplateBody(template));
    return templateOf({ ...answer, name: template.name, language: template.language, category: answer['category'] ?? template.category });
  }

  async templates(accessToken: string, wabaId: string, names?: readonly string[]): Promise<ProviderTemplate[]> {
    const found: ProviderTemplate[] = [];
    const queries = names && names.length > 0 ? names.map((name) => `&name=${encodeURIComponent(name)}`) : [''];
    for (const query of queries) {
      let path: string | null = `${encodeURIComponent(wabaId)}/message_templates?fields=${TEMPLATE_FIELDS}&limit=250${query}`;
      for (let page = 0; path !== null && page < TEMPLATE_PAGES; page += 1) {
        const answer = await this.call('GET', path, accessToken);
        found.push(...(Array.isArray(answer['data']) ? (answer['data'] as Json[]) : []).map(templateOf));
        const after = ((answer['paging'] as Json | undefined)?.['cursors'] as Json | undefined)?.['after'];
        const next = (answer['paging'] as Json | undefined)?.['next'];
        path =
          typeof next === 'string' && typeof after === 'string'
            ? `${path.split('&after=')[0] ?? path}&after=${encodeURIComponent(after)}`
            : null;
      }
    }
    return found;
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, bearer: string | null, body?: Json): Promise<Json> {
    const headers: Record<string, string> = {};
    if (bearer !== null) headers['Authorization'] = `Bearer ${bearer}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const answer = await exchange(
      `${this.baseUrl}/${path}`,
      { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      this.options.timeoutMs,
      4 * 1024 * 1024,
    );
    const parsed = (parseJson(answer.bytes) ?? {}) as Json;
    if (answer.status >= 200 && answer.status < 300) return parsed;
    const error = (parsed['error'] ?? {}) as { code?: unknown; error_subcode?: unknown; message?: unknown };
    throw new BusinessApiError(
      answer.status,
      typeof error.code === 'number' ? error.code : null,
      typeof error.error_subcode === 'number' ? error.error_subcode : null,
      typeof error.message === 'string' ? error.message.slice(0, 300) : `HTTP ${answer.status}`,
    );
  }
}
