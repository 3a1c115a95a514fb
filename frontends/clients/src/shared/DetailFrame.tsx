import { ErrorState, LoadingState } from '@pawline/ui';
import type { ReactNode } from 'react';
import type { Translate } from '../i18n/translator';
import { DeletedElsewhere } from './DeletedElsewhere';
import type { Load } from './useLoad';

/**
 * What a customer or pet page shows around its editor: "deleted on another device" (R4.20) with a
 * way back, the loading state, or the failure with retry; the loaded data goes to `children`.
 */
export function DetailFrame<T>({
  load,
  onRetry,
  deleted,
  deletedTitle,
  back,
  t,
  children,
}: {
  load: Load<T>;
  onRetry: () => void;
  deleted: boolean;
  deletedTitle: string;
  back: { to: string; label: string };
  t: Translate;
  children: (value: T) => ReactNode;
}) {
  if (deleted)
    return (
      <DeletedElsewhere title={deletedTitle} description={t('clients.deletedElsewhereHint')} backTo={back.to} backLabel={back.label} />
    );
  if (load.status === 'loading') return <LoadingState label={t('common.loading')} />;
  if (load.status === 'failed')
    return <ErrorState title={t('clients.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={onRetry} />;
  return children(load.value);
}
