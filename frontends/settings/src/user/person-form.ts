import type { Language, PersonUser, UpdateUserRequest } from '@pawline/api-client';

export type PersonForm = { firstName: string; lastName: string; language: Language };
export type PersonErrors = Partial<Record<keyof PersonForm, string>>;

export function personFormOf(user: PersonUser): PersonForm {
  return { firstName: user.first_name, lastName: user.last_name, language: user.language };
}

export function validatePersonForm(form: PersonForm, required: string): PersonErrors {
  const errors: PersonErrors = {};
  if (!form.firstName.trim()) errors.firstName = required;
  if (!form.lastName.trim()) errors.lastName = required;
  return errors;
}

/** Only the fields that changed go into the PUT. */
export function personChanges(before: PersonForm, after: PersonForm): UpdateUserRequest {
  const changes: UpdateUserRequest = {};
  if (after.firstName.trim() !== before.firstName) changes.first_name = after.firstName.trim();
  if (after.lastName.trim() !== before.lastName) changes.last_name = after.lastName.trim();
  if (after.language !== before.language) changes.language = after.language;
  return changes;
}
