import { API_KEY_AREAS, API_KEY_NAME_MAX, type ApiKeyArea, type ApiKeyScope } from '@pawline/contracts';
import type { ApiKey, ApiKeyCreation } from './api-keys-api';

export { API_KEY_AREAS, API_KEY_NAME_MAX, type ApiKeyArea };

/** Per area: no access, reading, or reading and writing. */
export type AreaAccess = 'none' | 'read' | 'write';

export type ApiKeyForm = {
  name: string;
  access: Record<ApiKeyArea, AreaAccess>;
  /** every store (today's and tomorrow's), or only `storeIds` */
  allStores: boolean;
  storeIds: string[];
  /** yyyy-mm-dd, the last day the key works; '' never expires */
  expiresOn: string;
};

export type ApiKeyField = 'name' | 'access' | 'storeIds' | 'expiresOn';
export type ApiKeyErrors = Partial<
  Record<
    ApiKeyField,
    'validation.required' | 'settings.apiKeyNameTooLong' | 'settings.apiKeyNoScope' | 'settings.apiKeyNoStore' | 'settings.apiKeyExpiryPast'
  >
>;

export const EMPTY_API_KEY_FORM: ApiKeyForm = {
  name: '',
  access: { calendar: 'read', customers: 'none', booking: 'none', messaging: 'none' },
  allStores: true,
  storeIds: [],
  expiresOn: '',
};

/** The scopes the form grants: `<area>:read` or `<area>:write` (which reads too), none for 'none'. */
export function scopesOf(access: ApiKeyForm['access']): ApiKeyScope[] {
  return API_KEY_AREAS.flatMap((area): ApiKeyScope[] => {
    const level = access[area];
    return level === 'none' ? [] : [`${area}:${level}`];
  });
}

/** What a listed key may do per area, for the list's summary. */
export function accessOf(key: Pick<ApiKey, 'scopes'>): Record<ApiKeyArea, AreaAccess> {
  const access = { calendar: 'none', customers: 'none', booking: 'none', messaging: 'none' } as Record<ApiKeyArea, AreaAccess>;
  for (const scope of key.scopes) {
    const [area, level] = scope.split(':') as [ApiKeyArea, 'read' | 'write'];
    if (access[area] !== 'write') access[area] = level;
  }
  return access;
}

/** The form's problems before anything is sent; `today` is the user's yyyy-mm-dd. */
export function validateApiKeyForm(form: ApiKeyForm, today: string): ApiKeyErrors {
  const errors: ApiKeyErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'validation.required';
  else if (name.length > API_KEY_NAME_MAX) errors.name = 'settings.apiKeyNameTooLong';
  if (scopesOf(form.access).length === 0) errors.access = 'settings.apiKeyNoScope';
  if (!form.allStores && form.storeIds.length === 0) errors.storeIds = 'settings.apiKeyNoStore';
  if (form.expiresOn !== '' && form.expiresOn <= today) errors.expiresOn = 'settings.apiKeyExpiryPast';
  return errors;
}

/**
 * The create call's body: the key works through the whole last day in the user's time zone
 * (`endOfDay` turns yyyy-mm-dd into that instant, the browser's local 23:59:59.999 by default).
 */
export function apiKeyCreation(form: ApiKeyForm, endOfDay: (day: string) => Date = localEndOfDay): ApiKeyCreation {
  return {
    name: form.name.trim(),
    scopes: scopesOf(form.access),
    store_ids: form.allStores ? null : [...form.storeIds],
    expires_at: form.expiresOn === '' ? null : endOfDay(form.expiresOn).toISOString(),
  };
}

export function localEndOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59, 999);
}

/** yyyy-mm-dd of a moment in the browser's time zone. */
export function localDay(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

export function isExpired(key: Pick<ApiKey, 'expires_at'>, now: Date): boolean {
  return key.expires_at !== null && new Date(key.expires_at).getTime() <= now.getTime();
}
