import type { Language } from '@pawline/i18n';
import { apiErrorText } from '../states/api-error-text';
import { SNACKBAR_TYPE, type SnackbarType } from './snackbar-store';

/** The one feedback of a write (issue 25), for RemoteApiProvider and the shell's layer: a success or error snackbar. */
export type SnackbarFeedback = { success: (message: string) => void; failure: (error: unknown) => void };

/** `notify(SNACKBAR_TYPE.success, …)` on success, the failure in the user's language as an error snackbar. */
export function snackbarFeedback({
  notify,
  language,
}: {
  notify: (type: SnackbarType, message: string) => void;
  language: Language;
}): SnackbarFeedback {
  return {
    success: (message) => notify(SNACKBAR_TYPE.success, message),
    failure: (error) => notify(SNACKBAR_TYPE.error, apiErrorText(error, language)),
  };
}
