import { VALIDATION_KEYS, validateNewPassword } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';

/**
 * Issue 11 (OWASP ASVS V2.1.7): the bundled list of common and breached passwords, the 49,233
 * entries of @zxcvbn-ts/language-common, built into a Set at the first password checked (server side
 * only: the list is far too large for a browser bundle; and it is loaded on first use, not when identity
 * starts: the package's dictionaries hold about 10 MB; deploy/README.md, "Memory"). The entries are lower-case, and
 * 'Password1' is as guessable as 'password1' (cracking rules try the capitalised variant first),
 * so the check compares lower-cased.
 */
let commonPasswords: ReadonlySet<string> | null = null;

function commonPasswordSet(): ReadonlySet<string> {
  if (!commonPasswords) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    commonPasswords = new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  }
  return commonPasswords;
}

export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.toLowerCase());
}

/**
 * The rules of every new password (registration, reset, change): libs/domain's (not only
 * whitespace, at least 8 characters) then the common list. A refused password is
 * `validation_failed` with the message key on `field`, before anything is hashed or written.
 */
export function assertNewPassword(password: string, field = 'password'): void {
  const rule = validateNewPassword(password);
  if (rule) throw new RpcError('validation_failed', { fields: { [field]: rule } });
  if (isCommonPassword(password)) throw new RpcError('validation_failed', { fields: { [field]: VALIDATION_KEYS.passwordCommon } });
}
