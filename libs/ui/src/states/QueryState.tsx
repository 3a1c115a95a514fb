import type { Language } from '@pawline/i18n';
import { loadedTranslator } from '@pawline/i18n';
import type { ReactNode } from 'react';
import { apiErrorText } from './api-error-text';
import { ErrorState, LoadingState } from './ViewStates';

/** What QueryState reads of a query (react-query's useQuery result, from useApiQuery or useApiPages). */
export type QueryLike<T> = {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  isRefetchError?: boolean;
  refetch: () => unknown;
};

export type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** For the texts of loading, retry and failures (namespaces `common` and `errors` loaded). */
  language: Language;
  /** The failure's title: what could not be loaded (by the failure: a plan without the feature, R1.20). */
  errorTitle: string | ((error: unknown) => string);
  /** Whether trying again can help (not for a plan that lacks the feature); true by default. */
  retryable?: (error: unknown) => boolean;
  loadingLabel?: string;
  /** When the answer counts as empty; `empty` is shown instead of the content (an EmptyState with its action). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Shown when what the page showed is gone: read again after a realtime change, it answered 404. */
  gone?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The loading, error (with a retry) and empty states of a page, driven by its query: one component set for
 * every screen (issue 25). A failed refetch keeps the data on screen, except a 404 when `gone` is given.
 */
export function QueryState<T>({
  query,
  language,
  errorTitle,
  retryable,
  loadingLabel,
  isEmpty,
  empty,
  gone,
  children,
}: QueryStateProps<T>) {
  const t = loadedTranslator(language);
  if (query.status === 'pending') return <LoadingState label={loadingLabel ?? t('common.loading')} />;
  const status = (query.error as { status?: unknown } | null)?.status;
  if (gone && query.status === 'error' && query.isRefetchError && status === 404) return <>{gone}</>;
  if (query.data === undefined) {
    return (
      <ErrorState
        title={typeof errorTitle === 'function' ? errorTitle(query.error) : errorTitle}
        message={apiErrorText(query.error, language)}
        retryLabel={t('common.retry')}
        onRetry={retryable && !retryable(query.error) ? undefined : () => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? null}</>;
  return <>{children(query.data)}</>;
}
