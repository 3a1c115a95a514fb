import { ApiError } from '../api-error';
import { createApiQueryClient, shouldRetryRead } from './api-query-client';

describe('the QueryClient defaults', () => {
  it('never tries a 4xx again, tries a lost connection up to three times and a service that is away twice', () => {
    expect(shouldRetryRead(0, new ApiError(404, 'not_found', 'Not found'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(402, 'plan_required', 'Plan'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(500, 'internal', 'x'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(0, 'network', 'offline'))).toBe(true);
    expect(shouldRetryRead(1, new ApiError(0, 'network', 'offline'))).toBe(true);
    expect(shouldRetryRead(2, new ApiError(0, 'network', 'offline'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(0, 'aborted', 'stopped'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(503, 'http_503', 'away'))).toBe(true);
    expect(shouldRetryRead(1, new ApiError(503, 'http_503', 'away'))).toBe(false);
    expect(shouldRetryRead(0, new Error('a bug'))).toBe(false);
  });

  it('keeps answers fresh for a while, refetches on reconnect, and never repeats a write', () => {
    const defaults = createApiQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.queries?.refetchOnReconnect).toBe(true);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
