import {
  accessOf,
  apiKeyCreation,
  EMPTY_API_KEY_FORM,
  isExpired,
  localDay,
  scopesOf,
  validateApiKeyForm,
  type ApiKeyForm,
} from './api-key-form';

const S1 = '11111111-1111-4111-8111-111111111111';
const form = (over: Partial<ApiKeyForm> = {}): ApiKeyForm => ({ ...EMPTY_API_KEY_FORM, name: 'Website', ...over });

describe('the API key form (issue 33)', () => {
  it('grants read or read-and-write per area, nothing for areas left out', () => {
    expect(scopesOf({ calendar: 'read', customers: 'write', booking: 'none', messaging: 'none' })).toEqual([
      'calendar:read',
      'customers:write',
    ]);
    expect(accessOf({ scopes: ['messaging:write', 'calendar:read'] })).toEqual({
      calendar: 'read',
      customers: 'none',
      booking: 'none',
      messaging: 'write',
    });
  });

  it('needs a name of at most 80 characters, one area, a store when limited, and an expiry after today', () => {
    expect(validateApiKeyForm(form(), '2026-12-07')).toEqual({});
    expect(validateApiKeyForm(form({ name: '   ' }), '2026-12-07')).toEqual({ name: 'validation.required' });
    expect(validateApiKeyForm(form({ name: 'x'.repeat(81) }), '2026-12-07')).toEqual({ name: 'settings.apiKeyNameTooLong' });
    const none = { calendar: 'none', customers: 'none', booking: 'none', messaging: 'none' } as const;
    expect(validateApiKeyForm(form({ access: none }), '2026-12-07')).toEqual({ access: 'settings.apiKeyNoScope' });
    expect(validateApiKeyForm(form({ allStores: false }), '2026-12-07')).toEqual({ storeIds: 'settings.apiKeyNoStore' });
    expect(validateApiKeyForm(form({ expiresOn: '2026-12-07' }), '2026-12-07')).toEqual({ expiresOn: 'settings.apiKeyExpiryPast' });
    expect(validateApiKeyForm(form({ expiresOn: '2026-12-08' }), '2026-12-07')).toEqual({});
  });

  it('sends the trimmed name, the scopes, the stores or null for all, and the end of the last day', () => {
    const endOfDay = (day: string) => new Date(`${day}T22:59:59.999Z`);
    expect(apiKeyCreation(form({ name: ' Site ', allStores: false, storeIds: [S1], expiresOn: '2027-01-31' }), endOfDay)).toEqual({
      name: 'Site',
      scopes: ['calendar:read'],
      store_ids: [S1],
      expires_at: '2027-01-31T22:59:59.999Z',
    });
    expect(apiKeyCreation(form())).toEqual({ name: 'Website', scopes: ['calendar:read'], store_ids: null, expires_at: null });
  });

  it('tells an expired key and the local day', () => {
    const now = new Date(2026, 11, 7, 10, 0);
    expect(localDay(now)).toBe('2026-12-07');
    expect(isExpired({ expires_at: null }, now)).toBe(false);
    expect(isExpired({ expires_at: new Date(2026, 11, 7, 9, 0).toISOString() }, now)).toBe(true);
    expect(isExpired({ expires_at: new Date(2026, 11, 8).toISOString() }, now)).toBe(false);
  });
});
