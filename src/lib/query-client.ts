import { QueryClient } from '@tanstack/react-query';
import { FRESH_FOR_MS } from '@/lib/answer-freshness';
import { isApiError } from '@/lib/api-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
