import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, API_KEY_SECRET, type ApiKeyScope } from '../constants/api-keys';
import { defineRpc } from '../core';

/**
 * API keys (issue 33): an integrator's way into /api/v1 on behalf of one organization. A key
 * reaches the areas its scopes name, reading only or reading and writing, in all or some stores,
 * until it expires or is revoked. The secret is answered once, at creation; identity keeps its hash.
 */
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]]);

export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** the secret's first characters (`pwk_AbC1…`), so a key can be told apart from the others */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** the stores the key reaches; null: every store of the organization */
  store_ids: z.array(z.string().uuid()).nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const orgaId = z.string().uuid();

export const createApiKeyRpc = defineRpc(
  'rpc.identity.apikey.create',
  z.strictObject({
    orga_id: orgaId,
    name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
    scopes: z
      .array(apiKeyScopeSchema)
      .min(1)
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
    /** null or absent: every store, those of tomorrow too */
    store_ids: z
      .array(z.string().uuid())
      .min(1)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'Each store once')
      .nullable()
      .optional(),
    /** null or absent: the key does not expire */
    expires_at: z.string().datetime({ offset: true }).nullable().optional(),
  }),
  /** `secret` is shown once: identity keeps only its SHA-256 */
  z.object({ key: apiKeySchema, secret: z.string().regex(API_KEY_SECRET) }),
);

export const listApiKeysRpc = defineRpc(
  'rpc.identity.apikey.list',
  z.strictObject({ orga_id: orgaId }),
  z.object({ keys: z.array(apiKeySchema) }),
);

/** Revoked at once: the key's next request is refused. Revoking twice answers the first revocation's time. */
export const revokeApiKeyRpc = defineRpc(
  'rpc.identity.apikey.revoke',
  z.strictObject({ orga_id: orgaId, api_key_id: z.string().uuid() }),
  z.object({ id: z.string().uuid(), revoked_at: z.string() }),
);

/** What a key may do, for the gateway's access layer. */
export const apiKeyGrantSchema = z.object({
  api_key_id: z.string().uuid(),
  orga_id: z.string().uuid(),
  scopes: z.array(apiKeyScopeSchema),
  store_ids: z.array(z.string().uuid()).nullable(),
});
export type ApiKeyGrant = z.infer<typeof apiKeyGrantSchema>;

/**
 * The gateway asks with the secret's SHA-256 (hex) on every request of a key: an unknown, expired
 * or revoked key answers unauthorized. Service to service only (the gateway calls without auth).
 */
export const authenticateApiKeyRpc = defineRpc(
  'rpc.identity.apikey.authenticate',
  z.strictObject({ secret_sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  apiKeyGrantSchema,
);
