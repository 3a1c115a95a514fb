import type { Translate } from '../i18n/translator';

/** spec §3 pet types: 0 or 1 dog, 2 cat, 3 rabbit (-1 a placeholder). */
export function petTypeText(petType: number, t: Translate): string {
  if (petType === 0 || petType === 1) return t('booking-setup.petType_dog');
  if (petType === 2) return t('booking-setup.petType_cat');
  if (petType === 3) return t('booking-setup.petType_rabbit');
  return t('booking-setup.petType_other');
}

const two = (n: number) => String(n).padStart(2, '0');

/** A local day and time of the store ('2026-11-26', 15, 30) as the user's language writes them. */
export function localDateTimeText(date: string, hour: number, min: number, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const instant = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, min));
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(instant);
}

/** A local day ('2026-12-24') in the user's language. */
export function localDateText(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** 'HH:MM:SS' → 'HH:MM' (24:00 is the end of the day). */
export function clockText(hour: number, min: number): string {
  return `${two(hour)}:${two(min)}`;
}
