// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { QUERY_GC_MS, QUERY_STALE_MS } from '../../contract/constants';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetryRead } from './query-client';

describe('query client defaults (docs/product/screens.md#reading-data)', () => {
  it('keeps data fresh 5 minutes, cached 10, without refetch on focus and without retrying writes', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(QUERY_STALE_MS);
    expect(options.queries?.gcTime).toBe(QUERY_GC_MS);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.mutations?.retry).toBe(0);
    expect(typeof options.queries?.queryFn).toBe('function');
  });

  it('retries a failed read once', () => {
    expect(shouldRetryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryRead(0, new ApiError(500, '', 'Internal Server Error'))).toBe(true);
    expect(shouldRetryRead(1, new ApiError(500, '', 'Internal Server Error'))).toBe(false);
  });

  it('does not repeat answers that would not change (4xx), except timeouts and rate limits', () => {
    expect(shouldRetryRead(0, new ApiError(404, '', 'Not Found'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(401, '', 'Unauthorized'))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(429, '', 'Too Many Requests'))).toBe(true);
  });
});
