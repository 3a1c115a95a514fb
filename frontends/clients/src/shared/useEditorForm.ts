import { useConfirmLeave } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, type ClientsContext } from './clients-context';

function sameForm<F>(a: F, b: F): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The form of a customer or pet editor: its values against the last saved ones, a warning before
 * leaving with unsaved changes, and saving or deleting through the crm. `onDirty` tells the page,
 * which keeps unsaved edits when the entity changes elsewhere.
 */
export function useEditorForm<F>({ t, bridge }: ClientsContext, initialForm: () => F, onDirty: (dirty: boolean) => void) {
  const navigate = useNavigate();
  const [initial, setInitial] = useState<F>(initialForm);
  const [form, setForm] = useState<F>(initial);
  const [busy, setBusy] = useState(false);
  const [goTo, setGoTo] = useState<string | null>(null);
  const dirty = !sameForm(form, initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useConfirmLeave(dirty, t('clients.unsavedChanges'));

  // navigate only once the saved form is no longer dirty, so the leave guard lets it through
  useEffect(() => {
    if (goTo && !dirty) void navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);

  const set = <K extends keyof F>(field: K, value: F[K]) => setForm((current) => ({ ...current, [field]: value }));

  /** Writes the form; then `next` (open the new entity's page, or reload); a failure keeps the edits. */
  const saveWith = async <R>(write: () => Promise<R>, savedText: string, next: (saved: R) => void, onFailed?: (error: unknown) => void) => {
    setBusy(true);
    try {
      const saved = await write();
      bridge.notify(2, savedText);
      setInitial(form);
      next(saved);
    } catch (error) {
      onFailed?.(error);
      bridge.notify(0, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  /** Deletes and leaves for `leaveTo`, busy until then so nothing else is sent meanwhile. */
  const deleteWith = async (remove: () => Promise<unknown>, deletedText: string, leaveTo: string) => {
    setBusy(true);
    try {
      await remove();
      bridge.notify(2, deletedText);
      setInitial(form);
      setGoTo(leaveTo);
    } catch (error) {
      bridge.notify(0, errorText(error));
      setBusy(false);
    }
  };

  return { form, set, busy, saveWith, deleteWith, goTo: setGoTo };
}
