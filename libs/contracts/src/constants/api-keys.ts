// API keys (issue 33): the areas a key's scopes name, read or write each, and the secret's shape.

export const API_KEY_AREAS = ['calendar', 'customers', 'booking', 'messaging'] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];
export const API_KEY_LEVELS = ['read', 'write'] as const;
export type ApiKeyLevel = (typeof API_KEY_LEVELS)[number];

/** `calendar:read` reads the calendar; `calendar:write` reads and writes it. */
export type ApiKeyScope = `${ApiKeyArea}:${ApiKeyLevel}`;
export const API_KEY_SCOPES: readonly ApiKeyScope[] = API_KEY_AREAS.flatMap((area) =>
  API_KEY_LEVELS.map((level): ApiKeyScope => `${area}:${level}`),
);

/** The secret as sent in `Authorization: Bearer …`: `pwk_` and 43 base64url characters (32 random bytes). */
export const API_KEY_SECRET = /^pwk_[A-Za-z0-9_-]{43}$/;
export const API_KEY_NAME_MAX = 80;
