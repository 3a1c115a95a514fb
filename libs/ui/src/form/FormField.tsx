import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type FormFieldProps = {
  label: string;
  error?: string | null;
  helper?: string;
  required?: boolean;
  children: ReactNode;
};

/** A labelled input with its error text under it (spec §5 messages come in `error`). */
export function FormField({ label, error, helper, required, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
