import { isApiError } from '@/lib/api-client';

/**
 * Spec section 8, "Save and start-route error mapping", in its order. Returns the
 * detail shown under 'Failed to save route' / 'Failed to update route'.
 */
export function saveErrorDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const code = isApiError(error) ? error.code : (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNABORTED' || /timeout/i.test(message)) {
    return 'Request timed out. Route saved but distance calculation may still be in progress.';
  }
  const status = isApiError(error) ? error.status : undefined;
  if (status === 401) return 'Authentication failed. Please log in again.';
  if (status === 408) return 'Request timed out. Please try again.';
  if (isApiError(error) && error.serverError) return error.serverError;
  if (message) return `Network error: ${message}`;
  return 'Failed to save route. Please check your connection and try again.';
}
