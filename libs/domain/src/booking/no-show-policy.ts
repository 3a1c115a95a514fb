import {
  LANGUAGES,
  type CardRequiredFor,
  type DepositKind,
  type DepositOverride,
  type Language,
  type NoShowProtection,
} from '@pawline/contracts';
import type { NoShowRisk } from './no-show-risk';

/** A text for customers per language, as a store's no-show policy keeps it. */
export type PolicyTexts = Partial<Record<Language, string>>;

/** What the rules below read of a store's no-show policy (fields of libs/contracts' NoShowPolicy). */
export type NoShowPolicyRules = {
  protection: NoShowProtection;
  deposit_kind: DepositKind;
  deposit_amount: number;
  deposit_percent: number;
  late_cancellation_fee: number;
  no_show_fee: number;
  card_required_for: CardRequiredFor;
  close_after_no_shows: number | null;
};

/**
 * Issue 30 what in a policy contradicts itself, as field → validation key: a fixed deposit of nothing, and a fee
 * with nothing to take it from (no deposit, no card). Empty when it holds together.
 */
export function noShowPolicyProblems(policy: NoShowPolicyRules): Record<string, string> {
  const problems: Record<string, string> = {};
  if (policy.protection === 'deposit' && policy.deposit_kind === 'fixed' && policy.deposit_amount === 0)
    problems['deposit_amount'] = 'validation.depositAmountRequired';
  if (policy.protection === 'none') {
    if (policy.late_cancellation_fee > 0) problems['late_cancellation_fee'] = 'validation.feeNeedsCard';
    if (policy.no_show_fee > 0) problems['no_show_fee'] = 'validation.feeNeedsCard';
  }
  return problems;
}

/**
 * The salon's text in the customer's language; else in English, else the first language the salon wrote it in
 * (a customer reads a foreign text better than none); null when the salon wrote none.
 */
export function policyTextFor(texts: PolicyTexts, language: Language): string | null {
  for (const candidate of [language, 'en' as const, ...LANGUAGES]) {
    const text = texts[candidate]?.trim();
    if (text) return text;
  }
  return null;
}

/** Issue 30 online booking is closed to a customer whose no-shows reach the policy's number (null: never closed). */
export function bookingClosedTo(noShows: number, closeAfter: number | null): boolean {
  return closeAfter !== null && noShows >= closeAfter;
}

/**
 * Issue 30 whether a customer must pay the deposit or give a card: staff's choice on the customer page wins
 * ('always', 'never'); else the policy's rule over the customer's risk (ADR 0060). Nothing is asked without protection.
 */
export function depositAsked(policy: NoShowPolicyRules, risk: NoShowRisk, override: DepositOverride): boolean {
  if (policy.protection === 'none') return false;
  if (override !== 'automatic') return override === 'always';
  if (policy.card_required_for === 'everyone') return true;
  if (policy.card_required_for === 'new_customers') return risk.new_customer || risk.level === 'risky';
  return risk.level === 'risky';
}

/** The deposit in cents for an estimated price: the fixed amount, or the share rounded to the cent, half up. */
export function depositCents(policy: NoShowPolicyRules, estimatedPriceCents: number): number {
  if (policy.protection !== 'deposit') return 0;
  if (policy.deposit_kind === 'fixed') return policy.deposit_amount;
  return Math.round((estimatedPriceCents * policy.deposit_percent) / 100);
}
