import { VALIDATION_KEYS, formatColourScheme, isValidPhone, parseColourScheme } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';

/** Message key of an unknown IANA time zone (libs/i18n "validation" namespace). */
export const TIME_ZONE_KEY = 'validation.timeZone';

/** R3.04: a store's zone must be one Intl knows (Europe/Rome, UTC, …). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Optional phone (R5.05, libs/domain's rule): undefined stays undefined (not changed), empty
 * becomes null, anything else must be a phone number or the call fails with the field's key.
 */
export function phoneField(field: string, value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  if (!isValidPhone(value)) throw new RpcError('validation_failed', { fields: { [field]: VALIDATION_KEYS.phoneFormat } });
  return value.trim();
}

export function timeZoneField(value: string): string {
  if (!isIanaTimeZone(value)) throw new RpcError('validation_failed', { fields: { time_zone: TIME_ZONE_KEY } });
  return value;
}

/** R9.09: 'border:card' in lower-case six-digit hex; the defaults #4c61b4:#6d81d0 when absent. */
export function colorSchemeField(value: string | undefined): string {
  return formatColourScheme(parseColourScheme(value));
}

/** Optional text: undefined stays, empty becomes null. */
export function textField(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value.trim() === '' ? null : value.trim();
}
