import { isApiError } from '@/lib/api-client';

/**
 * True when the server refused to save over the version the planner loaded because the
 * route was changed elsewhere since (PUT with If-Match answered 412).
 */
export function isChangedElsewhere(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}
