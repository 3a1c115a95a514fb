import { COUNTRY_CODES, type CountryCode } from '@pawline/contracts';

export { COUNTRY_CODES, type CountryCode };

// spec §9: the countries offered (R9.10, libs/contracts' COUNTRY_CODES) with the time zone a new store starts with.
export const COUNTRIES = [
  { code: 'GB', label: 'UK', timeZone: 'Europe/London' },
  { code: 'IT', label: 'Italy', timeZone: 'Europe/Rome' },
  { code: 'DE', label: 'Germany', timeZone: 'Europe/Berlin' },
  { code: 'FR', label: 'France', timeZone: 'Europe/Paris' },
  { code: 'ES', label: 'Spain', timeZone: 'Europe/Madrid' },
  { code: 'CH', label: 'Switzerland', timeZone: 'Europe/Zurich' },
] as const satisfies readonly { code: CountryCode; label: string; timeZone: string }[];
// every offered country has its row: tsc fails here when one is missing
const _everyCountry: Exclude<CountryCode, (typeof COUNTRIES)[number]['code']> extends never ? true : never = true;
void _everyCountry;

export function isSupportedCountry(code: string): code is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(code.trim().toUpperCase());
}

/** The default IANA time zone of a supported country ('UK' is accepted for GB); undefined otherwise. */
export function defaultTimeZone(code: string): string | undefined {
  const normalized = code.trim().toUpperCase();
  const lookup = normalized === 'UK' ? 'GB' : normalized;
  return COUNTRIES.find((c) => c.code === lookup)?.timeZone;
}
