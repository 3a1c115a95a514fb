import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from '../api-error';

/** How long an answer counts as fresh: realtime and the page's own writes invalidate it before then. */
export const API_STALE_MS = 30_000;
/** A lost connection is tried this many times in all; a 5xx the gateway answers for a service that is away, twice. */
const NETWORK_ATTEMPTS = 3;
const UNAVAILABLE_ATTEMPTS = 2;
const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * Whether a failed read is tried again: never a 4xx (the answer will not change: not found, forbidden, the
 * plan, a bad parameter) nor a stopped upload; a network failure up to three times, a service that is away twice.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return error.code === 'network' && failureCount < NETWORK_ATTEMPTS - 1;
  return UNAVAILABLE.has(error.status) && failureCount < UNAVAILABLE_ATTEMPTS - 1;
}

export const API_QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: API_STALE_MS,
    retry: shouldRetryRead,
    refetchOnReconnect: true,
    // realtime keeps shown data current (ADR 0039); a focus refetch would only repeat it
    refetchOnWindowFocus: false,
  },
  // a write is never repeated by itself: the user decides (a second POST could create twice)
  mutations: { retry: false },
};

/** The shell's one QueryClient (ADR 0039): made at sign-in, cleared at sign-out. */
export function createApiQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: API_QUERY_DEFAULTS });
}

/**
 * A fresh client for a component test: the shell's defaults, retried at once (no back-off to wait for)
 * and kept until the test ends (no garbage-collection timer left running).
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...API_QUERY_DEFAULTS.queries, retryDelay: 0, gcTime: Infinity },
      mutations: { ...API_QUERY_DEFAULTS.mutations, gcTime: Infinity },
    },
  });
}
