import { z } from 'zod';
import { isValidCountryCode, isValidEmail, isValidPhone, VALIDATION_KEYS, type ValidationKey } from './validation';

// The zod counterparts live apart from the validators so a frontend using only the validators
// does not bundle zod (libs are free of import side effects: an unused module is dropped).
// zod counterparts for services; the issue message is the same key.
export const requiredStringSchema = z.string().trim().min(1, { message: VALIDATION_KEYS.required });
export const emailSchema = z.string().trim().refine(isValidEmail, { message: VALIDATION_KEYS.invalidEmail });
export const optionalEmailSchema = z
  .string()
  .trim()
  .refine((v) => v.length === 0 || isValidEmail(v), { message: VALIDATION_KEYS.invalidEmail });
export const phoneSchema = z.string().trim().refine(isValidPhone, { message: VALIDATION_KEYS.phoneFormat });
export const countryCodeSchema = z
  .string()
  .trim()
  .refine(isValidCountryCode, { message: VALIDATION_KEYS.countryCode })
  .transform((v) => v.toUpperCase());
export const acceptedSchema = (key: ValidationKey) => z.literal(true, { message: key });

/** R5.03 refinement for an object with password and password_confirmation. */
export const passwordConfirmationSchema = z
  .object({ password: z.string().min(1, { message: VALIDATION_KEYS.required }), password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    message: VALIDATION_KEYS.passwordsNotSame,
    path: ['password_confirmation'],
  });
