import { ConfirmDialog } from '@pawline/ui';
import { useState, type ReactNode } from 'react';
import type { Translate } from '../i18n/translator';

/**
 * Closing a dialog with unsaved changes (its cancel button, Escape or a click beside it) asks
 * 'Discard changes?' first; with nothing changed it closes at once. `question` is rendered by the
 * dialog, next to its own frame.
 */
export function useDiscardQuestion(dirty: boolean, onClose: () => void, t: Translate): { requestClose: () => void; question: ReactNode } {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const question = (
    <ConfirmDialog
      open={asking}
      title={t('calendar.discardTitle')}
      confirmLabel={t('calendar.discard')}
      cancelLabel={t('calendar.keepEditing')}
      danger
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onCancel={() => setAsking(false)}
    />
  );
  return { requestClose, question };
}
