import { apiClient } from '@/lib/api-client';

/**
 * DELETE /api/account -> 204: the account, every route and every share link, at once (the
 * server checks the caller's token and that `confirmEmail` is the account's address).
 */
export function deleteAccount(confirmEmail: string): Promise<void> {
  return apiClient.request<void>('DELETE', '/account', { body: { confirmEmail } });
}
