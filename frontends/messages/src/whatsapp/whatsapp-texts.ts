import type { Translate } from '../i18n/translator';

// What Meta reports, in the user's words: the number's quality and limit, the errors of its webhook
// (value.errors), a template's review and its reason, and why one of our messages was not sent (issue 27).

/** A Meta value shown through the catalogue when it names a text there, else as Meta wrote it. */
function known(t: Translate, key: string, fallback: () => string): string {
  return t.has(key) ? t(key) : fallback();
}

export function qualityText(t: Translate, rating: string | null): string {
  return rating ? known(t, `messages.waQuality_${rating}`, () => rating) : t('messages.waNotReported');
}

export function limitText(t: Translate, limit: string | null): string {
  return limit ? known(t, `messages.waLimit_${limit}`, () => limit) : t('messages.waNotReported');
}

/** An error Meta reported about the number: ours for the codes we know, else Meta's title (and details). */
export function accountErrorText(t: Translate, error: { code: number | null; title: string; details: string | null }): string {
  const meta = error.details ? `${error.title}: ${error.details}` : error.title;
  return error.code === null
    ? t('messages.waErrorOther', { title: meta })
    : known(t, `messages.waError_${error.code}`, () => t('messages.waErrorOther', { title: meta }));
}

/** Why WhatsApp holds a template back (rejected, paused, disabled, refused), in the user's language; null when approved or pending. */
export function reviewReasonText(t: Translate, review: { status: string; reason: string | null }): string | null {
  switch (review.status) {
    case 'rejected':
      return review.reason && review.reason !== 'NONE'
        ? known(t, `messages.metaReason_${review.reason}`, () => t('messages.metaReason_other', { reason: review.reason ?? '' }))
        : null;
    case 'refused':
      return t('messages.metaRefused', { reason: review.reason ?? '?' });
    case 'paused':
      return t('messages.metaPaused');
    case 'disabled':
      return t('messages.metaDisabled');
    default:
      return null;
  }
}

/** Why an outbound message was not sent (OUTBOUND_REASONS of libs/contracts), for staff. */
export function unsentReasonText(t: Translate, reason: string): string {
  return known(t, `messages.reason_${reason}`, () => t('messages.reason_other', { reason }));
}

/** Where staff fix a reason: the templates (their review) or the connection; null when it is not on these screens. */
export function reasonFix(reason: string): 'templates' | 'whatsapp' | null {
  if (reason.startsWith('template_')) return 'templates';
  if (reason === 'not_connected') return 'whatsapp';
  return null;
}

const GRAPH_ID = /^[0-9]{5,30}$/;

export type ManualDetails = { phone_number_id: string; waba_id: string; access_token: string };

/** The manual connection's fields checked as the server checks them, before anything is sent. */
export function manualProblems(details: ManualDetails): Partial<Record<keyof ManualDetails, 'digits' | 'token'>> {
  const problems: Partial<Record<keyof ManualDetails, 'digits' | 'token'>> = {};
  if (!GRAPH_ID.test(details.phone_number_id.trim())) problems.phone_number_id = 'digits';
  if (!GRAPH_ID.test(details.waba_id.trim())) problems.waba_id = 'digits';
  const token = details.access_token.trim();
  if (token.length < 10 || token.length > 1000) problems.access_token = 'token';
  return problems;
}

/** What Embedded Signup's window tells its opener (Meta's message, or the sandbox's same one with the code). */
export type SignupOutcome =
  { event: 'finish'; code: string; waba_id?: string; phone_number_id?: string } | { event: 'cancel' } | { event: 'error'; message: string };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A window message as a sign-up outcome; null for any other message (not WA_EMBEDDED_SIGNUP, no code to finish with). */
export function signupOutcomeOf(message: unknown): SignupOutcome | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m['type'] !== 'WA_EMBEDDED_SIGNUP') return null;
  const data = typeof m['data'] === 'object' && m['data'] !== null ? (m['data'] as Record<string, unknown>) : {};
  const event = text(m['event']) ?? '';
  if (event === 'CANCEL') return { event: 'cancel' };
  if (event === 'ERROR') return { event: 'error', message: text(data['error_message']) ?? 'ERROR' };
  if (event !== 'FINISH' && event !== 'FINISH_ONLY_WABA') return null;
  const code = text(m['code']);
  if (!code) return null;
  const wabaId = text(data['waba_id']);
  const phoneId = text(data['phone_number_id']);
  return { event: 'finish', code, ...(wabaId ? { waba_id: wabaId } : {}), ...(phoneId ? { phone_number_id: phoneId } : {}) };
}
