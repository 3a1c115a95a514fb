import { ApiError } from '@pawline/api-client';
import { keyOrText, type Translator } from '@pawline/i18n';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A server field error in the user's language: identity answers libs/i18n keys of the
 * "validation" namespace (validation.passwordCommon, …), other texts are shown as they come.
 */
export function fieldText(text: string, t: Translator): string {
  return keyOrText(t, text);
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
