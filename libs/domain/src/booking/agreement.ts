// Issue 31 a store's service agreement: versioned text per language; a customer has accepted it when one of
// their acceptances names the current version, so publishing a new version asks every customer again.

export const AGREEMENT_TEXT_MAX = 20_000;
export const AGREEMENT_NAME_MAX = 120;
export const AGREEMENT_LANGUAGES = ['en', 'it', 'de', 'fr'] as const;
export type AgreementLanguage = (typeof AGREEMENT_LANGUAGES)[number];

/** none: the store has no agreement; accepted: the current version is; outdated: an older one only; missing: none. */
export type AgreementState = 'none' | 'accepted' | 'outdated' | 'missing';

export function agreementState(currentVersion: number | null, acceptedVersions: readonly number[]): AgreementState {
  if (currentVersion === null) return 'none';
  if (acceptedVersions.includes(currentVersion)) return 'accepted';
  return acceptedVersions.length > 0 ? 'outdated' : 'missing';
}

/** The text shown to a customer: their language, else the store's first language with a text, else null. */
export function agreementText(texts: Partial<Record<string, string>>, language: string, fallback: string): string | null {
  const pick = (code: string) => {
    const value = texts[code]?.trim();
    return value ? value : null;
  };
  return pick(language) ?? pick(fallback) ?? AGREEMENT_LANGUAGES.map(pick).find((value) => value !== null) ?? null;
}

/** The name the customer typed: trimmed, inner spaces folded; null when it is not a name (empty or too long). */
export function acceptanceName(typed: string): string | null {
  const name = typed.replace(/\s+/g, ' ').trim();
  return name.length >= 2 && name.length <= AGREEMENT_NAME_MAX ? name : null;
}
