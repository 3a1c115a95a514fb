import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { HTTP_ROUTES } from '@pawline/contracts';
import type { ApiError } from '../api-error';
import { API_ROUTES } from '../api-routes.generated';
import { useApiLayer } from './api-layer';
import { keyOf, type ApiInput, type ApiQueryKey, type ApiRouteName } from './api-query-key';

type Declared = typeof HTTP_ROUTES;

/** The routes answering a stored file's bytes (R7.04), read with the bearer token. */
export type ApiDownloadName = { [N in ApiRouteName]: Declared[N] extends { readonly transfer: 'download' } ? N : never }[ApiRouteName];

export type ApiDownloadOptions = Omit<UseQueryOptions<Blob, ApiError, Blob, ApiQueryKey>, 'queryKey' | 'queryFn'>;

// the generated table is typed per name; the input is checked by ApiInput at the call
type LooseDownload = (route: unknown, input: unknown) => Promise<Blob>;

/**
 * A stored file's bytes as a query (a pet photo's thumbnail shown through an object URL): keyed like any read
 * (apiQueryKey of the download route), so it is read once, shared by every tile that shows it, and dropped
 * with the cache. A stored file never changes under its id: callers usually give `staleTime: Infinity`.
 */
export function useApiDownload<N extends ApiDownloadName>(name: N, input: ApiInput<N>, options?: ApiDownloadOptions) {
  const { http } = useApiLayer();
  const download = http.download as unknown as LooseDownload;
  return useQuery<Blob, ApiError, Blob, ApiQueryKey>({
    ...options,
    queryKey: keyOf(name, input),
    queryFn: () => download(API_ROUTES[name], input),
  });
}
