import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/**
 * The detail shown under 'Failed to save route' / 'Failed to update route', the first rule
 * that applies, in the user's language (the order is in docs/features.md, Saving). A timeout
 * never says the route was saved: the client did not hear back,
 * so it may or may not be; trying again is safe (a new route is sent with the same
 * Idempotency-Key, so it is not saved twice).
 */
export function saveErrorDetail(
  error: unknown,
  t: TFunction,
  kind: 'create' | 'update' = 'create',
): string {
  const message = error instanceof Error ? error.message : '';
  const code = isApiError(error) ? error.code : (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNABORTED' || /timeout/i.test(message)) {
    return t(kind === 'create' ? 'saveErrors.timeoutCreate' : 'saveErrors.timeoutUpdate');
  }
  const status = isApiError(error) ? error.status : undefined;
  if (status === 401) return t('saveErrors.authentication');
  if (status === 408) return t('saveErrors.requestTimeout');
  if (isApiError(error) && status !== undefined && status >= 500)
    return t('saveErrors.server', { status });
  if (isApiError(error) && error.serverError)
    return t('saveErrors.refused', { reason: error.serverError });
  if (code === 'ERR_NETWORK' || message) {
    return t(kind === 'create' ? 'saveErrors.networkCreate' : 'saveErrors.networkUpdate');
  }
  return t('saveErrors.unknown');
}
