import { CLOSE_AFTER_NO_SHOWS_MAX, LANGUAGES, type Language } from '@pawline/contracts';
import { formatAmount, noShowPolicyProblems, parseMoney } from '@pawline/domain';
import type { NoShowPolicy, NoShowPolicyChange } from '../api/booking-api';

/** The customer-facing texts of a policy, each per language. */
export const POLICY_TEXTS = ['closed_message', 'widget_text', 'confirmation_text'] as const;
export type PolicyText = (typeof POLICY_TEXTS)[number];
// libs/contracts noShowPolicyFieldsSchema
export const WINDOW_HOURS_MAX = 336;
export const TEXT_MAX = 500;

/** The no-show policy as its form edits it: amounts as the salon types them ('15,00'), numbers as text. */
export type PolicyForm = {
  protection: NoShowPolicy['protection'];
  deposit_kind: NoShowPolicy['deposit_kind'];
  deposit_amount: string;
  deposit_percent: string;
  cancellation_window_hours: string;
  late_cancellation_fee: string;
  no_show_fee: string;
  card_required_for: NoShowPolicy['card_required_for'];
  close_online_booking: boolean;
  close_after_no_shows: string;
  texts: Record<PolicyText, Record<Language, string>>;
};

const money = (cents: number) => formatAmount(cents, { pad: true });
const perLanguage = (texts: Partial<Record<Language, string>>) =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, texts[lang] ?? ''])) as Record<Language, string>;

export function policyFormOf(policy: NoShowPolicy): PolicyForm {
  return {
    protection: policy.protection,
    deposit_kind: policy.deposit_kind,
    deposit_amount: money(policy.deposit_amount),
    deposit_percent: String(policy.deposit_percent),
    cancellation_window_hours: String(policy.cancellation_window_hours),
    late_cancellation_fee: money(policy.late_cancellation_fee),
    no_show_fee: money(policy.no_show_fee),
    card_required_for: policy.card_required_for,
    close_online_booking: policy.close_after_no_shows !== null,
    close_after_no_shows: String(policy.close_after_no_shows ?? 2),
    texts: {
      closed_message: perLanguage(policy.closed_message),
      widget_text: perLanguage(policy.widget_text),
      confirmation_text: perLanguage(policy.confirmation_text),
    },
  };
}

/** A problem of one field, as a key of the booking-setup texts (or libs/domain's validation key) and its values. */
export type FormProblem = { key: string; values?: Record<string, number> };

function wholeNumber(text: string, min: number, max: number): number | null {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value >= min && value <= max ? value : null;
}

/**
 * The policy to save, or the problems of the form by field: amounts that are not amounts, numbers out of range, and
 * the contradictions the booking service refuses too (noShowPolicyProblems of libs/domain). Empty texts are left out.
 */
export function policyFromForm(form: PolicyForm): { policy: NoShowPolicyChange | null; problems: Record<string, FormProblem> } {
  const problems: Record<string, FormProblem> = {};
  const amount = (field: 'deposit_amount' | 'late_cancellation_fee' | 'no_show_fee') => {
    const cents = parseMoney(form[field].trim() === '' ? '0' : form[field].trim());
    if (cents === null) problems[field] = { key: 'booking-setup.amountInvalid' };
    return cents ?? 0;
  };
  const number = (field: 'deposit_percent' | 'cancellation_window_hours' | 'close_after_no_shows', min: number, max: number) => {
    const value = wholeNumber(form[field], min, max);
    if (value === null) problems[field] = { key: 'booking-setup.numberBetween', values: { min, max } };
    return value ?? min;
  };
  const texts = (text: PolicyText) => {
    const given = Object.entries(form.texts[text]).filter(([, value]) => value.trim() !== '');
    if (given.some(([, value]) => value.trim().length > TEXT_MAX))
      problems[text] = { key: 'booking-setup.textTooLong', values: { max: TEXT_MAX } };
    return Object.fromEntries(given.map(([lang, value]) => [lang, value.trim()]));
  };
  const policy: NoShowPolicyChange = {
    protection: form.protection,
    deposit_kind: form.deposit_kind,
    deposit_amount: amount('deposit_amount'),
    deposit_percent: number('deposit_percent', 1, 100),
    cancellation_window_hours: number('cancellation_window_hours', 0, WINDOW_HOURS_MAX),
    late_cancellation_fee: amount('late_cancellation_fee'),
    no_show_fee: amount('no_show_fee'),
    card_required_for: form.card_required_for,
    close_after_no_shows: form.close_online_booking ? number('close_after_no_shows', 1, CLOSE_AFTER_NO_SHOWS_MAX) : null,
    closed_message: texts('closed_message'),
    widget_text: texts('widget_text'),
    confirmation_text: texts('confirmation_text'),
  };
  for (const [field, key] of Object.entries(noShowPolicyProblems(policy))) problems[field] ??= { key };
  return { policy: Object.keys(problems).length === 0 ? policy : null, problems };
}
