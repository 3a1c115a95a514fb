import { SNACKBAR_TYPE, useConfirmLeave } from '@pawline/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ClientsContext } from './clients-context';

function sameForm<F>(a: F, b: F): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What an editor shows: the form of the entity as last read, and the version it was read at (its updated_at; null for a new one). */
export type EditorSource<F> = { form: F; version: string | null };

/**
 * The form of a customer or pet editor: its values against the last saved ones and a warning before leaving
 * with unsaved changes (R5.15). When the entity is read again at a new version (a change elsewhere, R4.20, or
 * this editor's own save) the form follows it, unless it holds unsaved edits, which a read must not replace:
 * then a warning that saving overwrites the other change.
 */
export function useEditorForm<F>({ t, bridge }: ClientsContext, source: EditorSource<F>, pending = false) {
  const navigate = useNavigate();
  const [initial, setInitial] = useState<F>(source.form);
  const [form, setForm] = useState<F>(source.form);
  const [goTo, setGoTo] = useState<string | null>(null);
  const shownVersion = useRef(source.version);
  const ownVersion = useRef<string | null>(null);
  const dirty = !sameForm(form, initial);
  // `pending`: what the editor holds besides its form (a new pet's photos not sent yet)
  useConfirmLeave(dirty || pending, t('clients.unsavedChanges'));

  useEffect(() => {
    if (source.version === shownVersion.current) return;
    shownVersion.current = source.version;
    if (!dirty || source.version === ownVersion.current) {
      setInitial(source.form);
      setForm(source.form);
    } else bridge.notify(SNACKBAR_TYPE.warn, t('clients.changedElsewhere'));
    // the version says when the entity changed; its form is read with it
  }, [source.version]);

  // navigate only once the saved form is no longer dirty, so the leave guard lets it through
  useEffect(() => {
    if (goTo && !dirty && !pending) void navigate(goTo, { replace: true });
  }, [goTo, dirty, pending, navigate]);

  const set = <K extends keyof F>(field: K, value: F[K]) => setForm((current) => ({ ...current, [field]: value }));

  /** The form was written at `version`: it is saved, and that version read back is this editor's own. */
  const saved = (version: string | null) => {
    ownVersion.current = version;
    setInitial(form);
  };

  /** Leaves for `path` once nothing is unsaved (after a save of a new entity, or a deletion). */
  const leave = (path: string) => {
    setInitial(form);
    setGoTo(path);
  };

  return { form, set, dirty, saved, leave };
}
