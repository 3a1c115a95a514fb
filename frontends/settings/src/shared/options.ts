import { COUNTRIES, type Country } from '@pawline/api-client';
import { RANKS } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { Translate } from '../i18n/translator';

/** spec §6: owner 0, admin 1, moderator 2, worker 3, worker2 4. */
export const RANK_VALUES: readonly number[] = Object.values(RANKS);

const RANK_KEYS: Partial<Record<number, TranslationKey>> = {
  0: 'settings.rankOwner',
  1: 'settings.rankAdmin',
  2: 'settings.rankModerator',
  3: 'settings.rankWorker',
  4: 'settings.rankWorker2',
};

export function rankName(rank: number, t: Translate): string {
  const key = RANK_KEYS[rank];
  return key ? t(key) : String(rank);
}

export function countryName(country: string | null | undefined, t: Translate): string {
  if (!country) return '';
  return isCountry(country) ? t(`common.country_${country}`) : country;
}

export function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}

/** Empty text fields go to the server as null. */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Fields whose message the server named (validation_failed fields) mapped onto the form's names. */
export function serverFieldErrors<K extends string>(
  fields: Record<string, string> | null | undefined,
  known: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (!fields) return out;
  for (const [name, text] of Object.entries(fields)) {
    if ((known as readonly string[]).includes(name)) out[name as K] = text;
  }
  return out;
}
