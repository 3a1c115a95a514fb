import type { StoreAgreement } from '@pawline/contracts';
import { AGREEMENT_LANGUAGES, AGREEMENT_TEXT_MAX, type AgreementLanguage } from '@pawline/domain';

export type AgreementForm = Record<AgreementLanguage, string>;

/** The editor starts from the current version's texts (a new version is usually a small change of it). */
export function agreementFormOf(agreement: StoreAgreement | null): AgreementForm {
  return Object.fromEntries(AGREEMENT_LANGUAGES.map((language) => [language, agreement?.texts[language] ?? ''])) as AgreementForm;
}

export type AgreementProblem = 'booking-setup.agreementEmpty' | 'booking-setup.agreementTooLong' | 'booking-setup.agreementUnchanged';

/** Issue 31 what may be published: a text in one language at least, none too long, and not the same words again. */
export function agreementProblem(form: AgreementForm, current: StoreAgreement | null): AgreementProblem | null {
  const texts = AGREEMENT_LANGUAGES.map((language) => form[language].trim());
  if (texts.every((text) => text === '')) return 'booking-setup.agreementEmpty';
  if (texts.some((text) => text.length > AGREEMENT_TEXT_MAX)) return 'booking-setup.agreementTooLong';
  if (current && AGREEMENT_LANGUAGES.every((language) => form[language].trim() === (current.texts[language] ?? '').trim()))
    return 'booking-setup.agreementUnchanged';
  return null;
}

/** The body of the publish: the languages with a text only. */
export function agreementTexts(form: AgreementForm): Partial<AgreementForm> {
  return Object.fromEntries(
    AGREEMENT_LANGUAGES.filter((language) => form[language].trim() !== '').map((language) => [language, form[language].trim()]),
  );
}
