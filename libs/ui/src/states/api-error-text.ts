import { loadedTranslator, serverErrorKey, type Language } from '@pawline/i18n';

/** What this library reads of an ApiError (libs/api-client, which it may not import): the shape, not the class. */
type ErrorLike = { status: number; code: string; message: string };

function isErrorLike(error: unknown): error is ErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Record<string, unknown>;
  return typeof candidate.status === 'number' && typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

/**
 * A failed call in the user's language (R8.06): the codes spec §8 gives a text of their own, the
 * catalogue's words for what the browser itself found (no connection, an unreadable answer), otherwise
 * the server's message, which the gateway already wrote in the Accept-Language. Needs `errors` loaded.
 */
export function apiErrorText(error: unknown, language: Language): string {
  const t = loadedTranslator(language);
  if (!isErrorLike(error)) return t('errors.unknown');
  if (error.status === 0) return error.code === 'network' ? t('errors.network') : t('errors.unknown');
  if (error.code === 'bad_response') return t('errors.unknown');
  const own = serverErrorKey(error.code);
  if (own) return t(own);
  return error.message.trim() || t('errors.unknown');
}
