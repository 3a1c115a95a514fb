import { isWhitespaceOnlyPassword, validatePasswordConfirmation } from '@pawline/domain';

export type PasswordForm = { current: string; next: string; confirmation: string };
export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;
export type PasswordMessages = { required: string; passwordsDiffer: string; passwordBlank: string };

export const EMPTY_PASSWORD_FORM: PasswordForm = { current: '', next: '', confirmation: '' };

/**
 * spec §5: every field required (R5.01); the confirmation must equal the new password (R5.03);
 * issue 11: a new password of whitespace only is refused before sending (the common list is the server's).
 */
export function validatePasswordForm(form: PasswordForm, messages: PasswordMessages): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!form.current) errors.current = messages.required;
  if (!form.next) errors.next = messages.required;
  else if (isWhitespaceOnlyPassword(form.next)) errors.next = messages.passwordBlank;
  if (!form.confirmation) errors.confirmation = messages.required;
  else if (validatePasswordConfirmation(form.next, form.confirmation)) errors.confirmation = messages.passwordsDiffer;
  return errors;
}
