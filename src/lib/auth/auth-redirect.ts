/**
 * What an emailed Auth link brought in the URL. Auth's verify endpoint sends the browser on
 * with the outcome in the fragment: a session and its `type` on success, `error_code` when the
 * link had expired or had been used. Hosted Supabase sends a password-reset link to
 * /reset-password and an email change to /account (their redirectTo); @supabase/lite sends
 * every link to the site's root. Either way the app takes it to the right page
 * (authLinkDestination), and the page reads what the link said (initialAuthRedirect).
 */
import { paths } from '@/config/paths';
import { DEVICE_KEYS } from '@/lib/device-keys';

export type AuthRedirect =
  | { kind: 'recovery' }
  | { kind: 'email-change' }
  | { kind: 'link-error'; code: string }
  | { kind: 'none' };

const NONE: AuthRedirect = { kind: 'none' };

/** The redirect described by a URL's fragment and query (the fragment wins). */
export function parseAuthRedirect(hash: string, search = ''): AuthRedirect {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const get = (name: string) => fragment.get(name) ?? query.get(name);
  const errorCode = get('error_code') ?? get('error');
  if (errorCode) return { kind: 'link-error', code: errorCode };
  if (!fragment.get('access_token')) return NONE;
  const type = fragment.get('type');
  if (type === 'recovery') return { kind: 'recovery' };
  if (type === 'email_change') return { kind: 'email-change' };
  return NONE;
}

/** The page an Auth link's outcome belongs on, when the link landed elsewhere (the root). */
export function authLinkDestination(redirect: AuthRedirect): string | null {
  if (redirect.kind === 'recovery' || redirect.kind === 'link-error') return paths.resetPassword();
  if (redirect.kind === 'email-change') return paths.account();
  return null;
}

/** Where this tab remembers a password reset in progress (a reload loses the fragment). */
export const RECOVERY_IN_PROGRESS_KEY = DEVICE_KEYS.passwordRecovery.name;

let captured: AuthRedirect | undefined;

/**
 * The redirect this page load arrived with, read once from the address before supabase-js
 * takes the session out of it (the first caller is the app's root route, at its first render).
 */
export function initialAuthRedirect(): AuthRedirect {
  if (captured === undefined) {
    captured =
      typeof window === 'undefined'
        ? NONE
        : parseAuthRedirect(window.location.hash, window.location.search);
    if (captured.kind === 'recovery') {
      try {
        sessionStorage.setItem(RECOVERY_IN_PROGRESS_KEY, '1');
      } catch {
        // Private mode without storage: the reset works until a reload.
      }
    }
  }
  return captured;
}

/** The link's outcome has been shown (or acted on): a later visit of the page starts afresh. */
export function consumeAuthRedirect(): void {
  captured = NONE;
}

/** True while this tab holds a session from a password-reset link whose password is not set yet. */
export function recoveryInProgress(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_IN_PROGRESS_KEY) === '1';
  } catch {
    return false;
  }
}

export function endRecovery(): void {
  consumeAuthRedirect();
  try {
    sessionStorage.removeItem(RECOVERY_IN_PROGRESS_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Tests only: forget what this page load arrived with. */
export function resetCapturedAuthRedirect(): void {
  captured = undefined;
}
