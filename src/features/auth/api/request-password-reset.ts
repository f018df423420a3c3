import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client';

const answerSchema = z.object({ message: z.string() });

/**
 * POST /api/auth/password-reset: the server answers the same (202) whether or not an account
 * has the address; only a refused address (400), too many requests (429) or an outage differ,
 * and none of them depends on the address having an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post('/auth/password-reset', { email }, { schema: answerSchema });
}
