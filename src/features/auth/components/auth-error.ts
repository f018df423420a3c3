import { AuthFailure } from '@/lib/auth';

/** The server's message when it sent one, else the page's fallback text. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof AuthFailure && error.serverMessage) return error.serverMessage;
  return fallback;
}
