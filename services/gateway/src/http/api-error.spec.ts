import { ERROR_CODES, ERROR_MESSAGES, errorMessage, MESSAGE_LANGUAGES, type ErrorCode } from '@pawline/contracts';
import { ApiError, mapError } from './api-error';

describe('error messages and mapping', () => {
  it('R8.01 server_100 and server_112 read "Wrong username or password"', () => {
    expect(errorMessage('server_100', 'en')).toBe('Wrong username or password');
    expect(errorMessage('server_112', 'en')).toBe('Wrong username or password');
  });

  it('R8.02 server_101 tells the e-mail exists and suggests resetting the password', () => {
    expect(errorMessage('server_101', 'en')).toBe('Email already exists. If you have forgotten your password, try resetting the password.');
  });

  it('R8.03 server_701 asks to confirm the e-mail first', () => {
    expect(errorMessage('server_701', 'en')).toBe('Email is not confirmed. Please confirm your email first.');
    expect(errorMessage('server_701', 'it')).toBe("L'email non è confermata. Conferma prima la tua email.");
  });

  it('R8.04 server_401 reads "The id is already in use"', () => {
    expect(errorMessage('server_401', 'en')).toBe('The id is already in use');
  });

  it('R8.06 every code has its own non-empty text in en, it, de and fr', () => {
    const codes = Object.keys(ERROR_CODES) as ErrorCode[];
    for (const lang of MESSAGE_LANGUAGES) {
      expect(Object.keys(ERROR_MESSAGES[lang]).sort()).toEqual([...codes].sort());
      for (const code of codes) expect(errorMessage(code, lang).length).toBeGreaterThan(3);
    }
    // translated, not copied
    for (const lang of ['it', 'de', 'fr'] as const) {
      const same = codes.filter((code) => ERROR_MESSAGES[lang][code] === ERROR_MESSAGES.en[code]);
      expect(same).toEqual([]);
    }
  });

  it('falls back to English for other languages and fills parameters', () => {
    expect(errorMessage('server_100', 'es')).toBe('Wrong username or password');
    expect(errorMessage('server_100', 'de-AT')).toBe('Falscher Benutzername oder falsches Passwort');
  });

  it('R8.06 maps a code to its HTTP status and a { code, message, fields } body', () => {
    expect(mapError(new ApiError('forbidden'), 'fr')).toEqual({
      status: 403,
      body: { code: 'forbidden', message: "Vous n'êtes pas autorisé à faire cela." },
    });
    expect(mapError(new ApiError('validation_failed', { fields: { email: 'Invalid email' } }), 'en')).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'Some fields are not valid.', fields: { email: 'Invalid email' } },
    });
    expect(mapError(new ApiError('rate_limited', { retryAfterSeconds: 12 }), 'en')).toMatchObject({ status: 429, retryAfterSeconds: 12 });
  });

  it('R8.06 keeps the code of a service failure (any error carrying a known code) and hides anything else as internal', () => {
    const rpcFailure = Object.assign(new Error('server_701'), { code: 'server_701', status: 403 });
    expect(mapError(rpcFailure, 'it')).toEqual({
      status: 403,
      body: { code: 'server_701', message: "L'email non è confermata. Conferma prima la tua email." },
    });
    expect(mapError(new Error('database exploded'), 'en')).toEqual({
      status: 500,
      body: { code: 'internal', message: 'An error occurred.' },
    });
    expect(mapError(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'en').status).toBe(500);
  });

  it('answers a service’s own text (already in the caller’s language) and its extra fields beside code and message', () => {
    const conflict = Object.assign(new Error('conflict'), {
      code: 'conflict',
      text: 'Ce créneau chevauche…',
      extra: { conflicts: [{ id: 'a1' }], code: 'not_this' },
    });
    expect(mapError(conflict, 'fr')).toEqual({
      status: 409,
      body: { code: 'conflict', message: 'Ce créneau chevauche…', conflicts: [{ id: 'a1' }] },
    });
  });
});
