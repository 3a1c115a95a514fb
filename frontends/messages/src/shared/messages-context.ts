import { isApiError, type ShellBridge } from '@pawline/api-client';
import { apiErrorText } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

/** What every screen of the remote gets. */
export type MessagesContext = {
  bridge: ShellBridge;
  t: Translate;
  orgaId: string;
  storeId: string;
  /** organization administrators edit templates, settings and the profile; others read (R6.02) */
  admin: boolean;
  /** store writers answer customers */
  canReply: boolean;
  now: () => Date;
};

// a field's value that is an error code (whatsapp_credentials_invalid), not a sentence: the answer's message says it
const CODE = /^[a-z0-9_]+$/;

/** A form's failure in the user's language: the fields' messages of a 400, else the error's own text. */
export function formProblem(error: unknown, language: ShellBridge['language']): string {
  if (isApiError(error) && error.fields) {
    const fields = Object.values(error.fields)
      .filter((text) => !CODE.test(text))
      .join(' ');
    if (fields !== '') return fields;
  }
  return apiErrorText(error, language);
}
