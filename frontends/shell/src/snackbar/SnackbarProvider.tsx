import { createSnackbarStore, SnackbarStack, type SnackbarType } from '@pawline/ui';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';

type Notify = (type: SnackbarType, message: string) => void;

const NotifyContext = createContext<Notify | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const store = useMemo(() => createSnackbarStore(), []);
  const notify = useMemo<Notify>(() => (type, message) => void store.push(type, message), [store]);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <SnackbarStack store={store} closeLabel={t('common.close')} />
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a SnackbarProvider');
  return notify;
}
