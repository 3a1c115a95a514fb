import { loadNamespaces, namespacesLoaded, type Language, type Namespace } from '@pawline/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorState, LoadingState } from './ViewStates';

export type CatalogueGateProps = {
  language: Language;
  namespaces: readonly Namespace[];
  /** shown while loading; the texts are what is being loaded, so it comes from outside or is empty */
  loadingLabel?: string;
  children: ReactNode;
};

/**
 * Renders its screens once their catalogues (libs/i18n, one chunk per language and namespace)
 * are loaded; a loading state until then. Already loaded: renders at once, with no flash.
 */
export function CatalogueGate({ language, namespaces, loadingLabel = '', children }: CatalogueGateProps) {
  const key = `${language}:${namespaces.join(',')}`;
  const [state, setState] = useState<{ key: string; status: 'ready' | 'loading' | 'failed' }>(() => ({
    key,
    status: namespacesLoaded(language, namespaces) ? 'ready' : 'loading',
  }));
  const [attempt, setAttempt] = useState(0);
  const status = state.key === key ? state.status : namespacesLoaded(language, namespaces) ? 'ready' : 'loading';

  useEffect(() => {
    if (namespacesLoaded(language, namespaces)) {
      setState({ key, status: 'ready' });
      return;
    }
    setState({ key, status: 'loading' });
    // the answer counts only for the language and namespaces it was asked for: one that comes after a switch changes nothing
    const settle = (status: 'ready' | 'failed') => setState((now) => (now.key === key ? { key, status } : now));
    loadNamespaces(language, namespaces).then(
      () => settle('ready'),
      () => settle('failed'),
    );
    // namespaces are compared by `key`, not by the array's identity
  }, [key, attempt]);

  if (status === 'ready') return <>{children}</>;
  if (status === 'failed') {
    // no catalogue to take the words from: this one text stays English
    return (
      <ErrorState title="The texts of this page could not be loaded." retryLabel="Try again" onRetry={() => setAttempt((n) => n + 1)} />
    );
  }
  return <LoadingState label={loadingLabel} />;
}
