import { ApiError, type ShellBridge } from '@pawline/api-client';
import { useCallback, useState } from 'react';
import { errorText, serverFieldErrors } from './options';

/**
 * The save of a settings form dialog: busy while the request runs; then the answer goes to
 * onSaved, or the server's field messages (R8.04) go next to the form's own fields and its
 * message to the snackbar (R8.06), with the dialog left open for a correction.
 */
export function useDialogSave<K extends string>(
  notify: ShellBridge['notify'],
  serverFields: readonly K[],
  setErrors: (errors: Partial<Record<K, string>>) => void,
) {
  const [busy, setBusy] = useState(false);
  const save = useCallback(
    <T>(saving: () => Promise<T>, onSaved: (answer: T) => void) => {
      setBusy(true);
      saving()
        .then((answer) => {
          setBusy(false);
          onSaved(answer);
        })
        .catch((error: unknown) => {
          setBusy(false);
          if (error instanceof ApiError) setErrors(serverFieldErrors(error.fields, serverFields));
          notify(0, errorText(error));
        });
    },
    [notify, serverFields, setErrors],
  );
  return { busy, save };
}
