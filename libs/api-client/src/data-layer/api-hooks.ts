import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { ApiError } from '../api-error';
import { API_ROUTES } from '../api-routes.generated';
import type { RouteAnswer } from '../route-ref';
import { useApiLayer } from './api-layer';
import {
  keyOf,
  type ApiInput,
  type ApiQueryFilter,
  type ApiQueryKey,
  type ApiReadName,
  type ApiRoute,
  type ApiRouteName,
  type ApiUploadName,
  type ApiWriteName,
} from './api-query-key';

/** The JSON answer of the named route. */
export type ApiAnswer<N extends ApiRouteName> = RouteAnswer<ApiRoute<N>>;

export type ApiQueryOptions<N extends ApiReadName, T> = Omit<
  UseQueryOptions<ApiAnswer<N>, ApiError, T, ApiQueryKey>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<N extends ApiReadName, T> =
  object extends ApiInput<N>
    ? [input?: ApiInput<N>, options?: ApiQueryOptions<N, T>]
    : [input: ApiInput<N>, options?: ApiQueryOptions<N, T>];

// The generated table is typed per name; a call through a name the caller chose is checked by ApiInput
// and ApiAnswer, so the lookup itself is loosened here once.
type LooseRequest = (route: unknown, input: unknown) => Promise<unknown>;

/**
 * Reads a declared GET route (API_ROUTES name) with its path parameters and query, keyed by them
 * (apiQueryKey): loading, error (ApiError) and data come from react-query; realtime messages and the
 * page's own writes invalidate it (realtime-invalidation.ts, useApiMutation).
 */
export function useApiQuery<N extends ApiReadName, T = ApiAnswer<N>>(name: N, ...[input, options]: QueryArgs<N, T>) {
  const { http } = useApiLayer();
  const request = http.request as unknown as LooseRequest;
  return useQuery<ApiAnswer<N>, ApiError, T, ApiQueryKey>({
    ...options,
    queryKey: keyOf(name, input),
    queryFn: () => request(API_ROUTES[name], input) as Promise<ApiAnswer<N>>,
  });
}

export type ApiPages<N extends ApiReadName, C> = {
  /** The request of the page after `cursor`; null is the first page (its input is the list's key). */
  input: (cursor: C | null) => ApiInput<N>;
  /** Where the page after this one starts, or null when this one was the last (R4.22: shorter than a page). */
  next: (page: ApiAnswer<N>) => C | null;
};

export type ApiPagesOptions<N extends ApiReadName, C> = Omit<
  UseInfiniteQueryOptions<ApiAnswer<N>, ApiError, InfiniteData<ApiAnswer<N>, C | null>, ApiQueryKey, C | null>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

/**
 * A list read page by page after the last row (spec §7 cursors, R4.22): `data.pages`, `fetchNextPage`,
 * `hasNextPage`. Invalidated like any query: every loaded page is read again, from the first.
 */
export function useApiPages<N extends ApiReadName, C>(name: N, pages: ApiPages<N, C>, options?: ApiPagesOptions<N, C>) {
  const { http } = useApiLayer();
  const request = http.request as unknown as LooseRequest;
  const first = pages.input(null);
  return useInfiniteQuery<ApiAnswer<N>, ApiError, InfiniteData<ApiAnswer<N>, C | null>, ApiQueryKey, C | null>({
    ...options,
    queryKey: [...keyOf(name, first), 'pages'],
    queryFn: ({ pageParam }) => request(API_ROUTES[name], pages.input(pageParam as C | null)) as Promise<ApiAnswer<N>>,
    initialPageParam: null,
    getNextPageParam: (last) => pages.next(last) ?? undefined,
  });
}

type Chosen<T, A extends unknown[]> = T | ((...args: A) => T);

/** What a write changes and says. */
export type ApiWriteEffects<Answer, Input> = {
  /** The queries the write changes, refetched before the write counts as done (their keys: apiQueryFilter). */
  invalidates?: Chosen<readonly ApiQueryFilter[], [answer: Answer, input: Input]>;
  /** The success snackbar's text (SNACKBAR_TYPE.success); none: no snackbar. */
  success?: Chosen<string, [answer: Answer, input: Input]>;
  /** false when the page shows the failure itself (a form's fields); otherwise the error snackbar. */
  notifyFailure?: boolean;
};

export type ApiMutationOptions<N extends ApiWriteName> = Omit<UseMutationOptions<ApiAnswer<N>, ApiError, ApiInput<N>>, 'mutationFn'> &
  ApiWriteEffects<ApiAnswer<N>, ApiInput<N>>;

function pick<T, A extends unknown[]>(value: Chosen<T, A> | undefined, ...args: A): T | undefined {
  return typeof value === 'function' ? (value as (...a: A) => T)(...args) : value;
}

async function invalidate(client: QueryClient, filters: readonly ApiQueryFilter[] | undefined): Promise<void> {
  await Promise.all((filters ?? []).map((filter) => client.invalidateQueries({ queryKey: filter })));
}

/**
 * Writes through a declared route: `mutate({ params, body })`. On success the queries it changes are
 * refetched (this device's own realtime echo is dropped, R4.16, so the page's write says it) and the success
 * snackbar shows; a failure is an ApiError shown in the user's language unless `notifyFailure: false`.
 */
export function useApiMutation<N extends ApiWriteName>(name: N, options: ApiMutationOptions<N> = {}) {
  const { http, feedback } = useApiLayer();
  const client = useQueryClient();
  const { invalidates, success, notifyFailure, onSuccess, onError, ...rest } = options;
  const request = http.request as unknown as LooseRequest;
  return useMutation<ApiAnswer<N>, ApiError, ApiInput<N>>({
    ...rest,
    mutationFn: (input) => request(API_ROUTES[name], input) as Promise<ApiAnswer<N>>,
    onSuccess: async (answer, input, ...more) => {
      await invalidate(client, pick(invalidates, answer, input));
      const text = pick(success, answer, input);
      if (text) feedback.success(text);
      await onSuccess?.(answer, input, ...more);
    },
    onError: async (error, input, ...more) => {
      if (notifyFailure !== false) feedback.failure(error);
      await onError?.(error, input, ...more);
    },
  });
}

export type ApiUploadInput<N extends ApiUploadName> = { file: File; input: ApiInput<N> };

/**
 * Uploads a file to a declared upload route (R7.10) with its progress (0 to 1, null when none is under
 * way), as a mutation: the same invalidation and feedback as useApiMutation; `abort` stops it (code 'aborted').
 */
export function useApiUpload<N extends ApiUploadName>(name: N, effects: ApiWriteEffects<ApiAnswer<N>, ApiUploadInput<N>> = {}) {
  const { http, feedback } = useApiLayer();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const mutation = useMutation<ApiAnswer<N>, ApiError, ApiUploadInput<N>>({
    mutationFn: ({ file, input }) => {
      const route = API_ROUTES[name];
      const target = (http.url as unknown as (route: unknown, input: unknown) => string)(route, input);
      setProgress(0);
      const upload = http.upload<ApiAnswer<N>>(route.method, target, file, setProgress);
      stop.current = upload.abort;
      return upload.done;
    },
    onSuccess: async (answer, input) => {
      await invalidate(client, pick(effects.invalidates, answer, input));
      const text = pick(effects.success, answer, input);
      if (text) feedback.success(text);
    },
    onError: (error) => {
      if (effects.notifyFailure !== false && error.code !== 'aborted') feedback.failure(error);
    },
    onSettled: () => {
      stop.current = null;
      setProgress(null);
    },
  });
  const abort = useCallback(() => stop.current?.(), []);
  return { ...mutation, progress, abort };
}
