import { isApiError } from '@/lib/api-client';

/** What the reset request form shows after sending: one answer for every address. */
export type ResetRequestOutcome = 'sent' | 'tooMany' | 'invalid' | 'failed';

/**
 * The form's message for a request's result: `sent` whenever the server took the request
 * (the same words whether or not an account has the address); too many requests, a refused
 * address and an outage each have their own, none of which depends on an account existing.
 */
export function resetRequestOutcome(error: unknown): ResetRequestOutcome {
  if (error === null || error === undefined) return 'sent';
  if (isApiError(error)) {
    if (error.status === 429) return 'tooMany';
    if (error.status === 400) return 'invalid';
  }
  return 'failed';
}
