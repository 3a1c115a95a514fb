import { API_KEY_PREFIX_LENGTH, apiKeySha256, isApiKeySecret, newApiKeySecret } from './api-key-secret';

describe('API key secrets (issue 33)', () => {
  it('are pwk_ and 256 random bits in base64url, never the same twice', () => {
    const secrets = Array.from({ length: 200 }, newApiKeySecret);
    for (const secret of secrets) {
      expect(isApiKeySecret(secret)).toBe(true);
      expect(Buffer.from(secret.slice(4), 'base64url')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
    expect(newApiKeySecret().slice(0, API_KEY_PREFIX_LENGTH)).toMatch(/^pwk_[A-Za-z0-9_-]{6}$/);
  });

  it('are kept as the hex SHA-256 of the whole secret (a known vector), which differs for a one-character change', () => {
    expect(apiKeySha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const secret = newApiKeySecret();
    const changed = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(apiKeySha256(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeySha256(changed)).not.toBe(apiKeySha256(secret));
  });

  it('refuses what is not a key: a JWT, a short or a padded secret', () => {
    expect(isApiKeySecret('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
    expect(isApiKeySecret('pwk_short')).toBe(false);
    expect(isApiKeySecret(`${newApiKeySecret()}=`)).toBe(false);
  });
});
