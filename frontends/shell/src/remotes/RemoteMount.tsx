import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ShellBridge } from '@pawline/api-client';
import { ErrorState, LoadingState } from '@pawline/ui';
import { useEffect, useState, type ComponentType } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { isRemoteLoadFailure, remoteLoadFailure } from './remote-failure';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

type RemoteRoutesModule = Record<string, unknown>;
type LoadState = { status: 'loading' } | { status: 'ready'; Routes: ComponentType<ShellBridge> } | { status: 'failed'; reason: string };

const loads = new Map<string, Promise<unknown>>();

function loadOnce(id: string): Promise<unknown> {
  let pending = loads.get(id);
  if (!pending) {
    pending = loadRemote<RemoteRoutesModule>(id).catch((error: unknown) => remoteLoadFailure(id, error));
    loads.set(id, pending);
  }
  return pending;
}

export type RemoteMountProps = { id: string; exportName: string; bridge: ShellBridge };

/** Loads a remote's exposed routes and renders them, or a fallback card when it cannot. */
export function RemoteMount({ id, exportName, bridge }: RemoteMountProps) {
  const { t } = useI18n();
  // the load is kept with the remote it is of: one of a remote no longer asked for is not shown
  const [settled, setSettled] = useState<{ id: string; exportName: string; state: LoadState } | null>(null);
  useEffect(() => {
    void loadOnce(id).then((loaded) => {
      const candidate = isRemoteLoadFailure(loaded) || !loaded ? undefined : (loaded as RemoteRoutesModule)[exportName];
      const state: LoadState =
        typeof candidate === 'function'
          ? { status: 'ready', Routes: candidate as ComponentType<ShellBridge> }
          : { status: 'failed', reason: isRemoteLoadFailure(loaded) ? loaded.reason : `${exportName} missing in ${id}` };
      setSettled({ id, exportName, state });
    });
  }, [id, exportName]);
  const state: LoadState = settled?.id === id && settled.exportName === exportName ? settled.state : { status: 'loading' };

  const fallback = (reason: string) => (
    <div data-testid="remote-fallback" data-remote={id}>
      <ErrorState
        title={t('shell.remoteUnavailableTitle')}
        message={t('shell.remoteUnavailable')}
        retryLabel={t('common.retry')}
        onRetry={() => window.location.reload()}
      >
        <details>
          <summary>{t('shell.remoteUnavailableDetails')}</summary>
          <code>{reason}</code>
        </details>
      </ErrorState>
    </div>
  );

  if (state.status === 'loading') return <LoadingState label={t('common.loading')} />;
  if (state.status === 'failed') return fallback(state.reason);
  const { Routes } = state;
  return (
    <RemoteErrorBoundary fallback={(error) => fallback(error.message)}>
      <Routes {...bridge} />
    </RemoteErrorBoundary>
  );
}
