import { useCallback, useContext, useEffect, useRef } from 'react';
import { useIdentity } from '@/lib/auth';
import { AfterSignInContext } from './after-sign-in';

/**
 * The login and register pages' way on after signing in: exactly once, whether
 * the page's own form signed the user in or the session arrived another way
 * (the email confirmation link opens /login already signed in).
 */
export function useAuthFlow(returnTo: string | null) {
  const { identity } = useIdentity();
  const goOn = useContext(AfterSignInContext);
  if (!goOn) throw new Error('useAuthFlow needs an AfterSignInContext provider (src/app)');
  const claimed = useRef(false);
  const signedIn = identity.status === 'signed-in';

  useEffect(() => {
    if (!signedIn || claimed.current) return;
    claimed.current = true;
    void goOn(returnTo);
  }, [signedIn, goOn, returnTo]);

  /**
   * Runs a sign-in attempt; when it resolves to true the user goes on. A failure
   * is rethrown for the page to show, and lets a later attempt go on.
   */
  const attempt = useCallback(
    async (authenticate: () => Promise<boolean>) => {
      claimed.current = true;
      let goingOn = false;
      try {
        goingOn = await authenticate();
      } finally {
        if (!goingOn) claimed.current = false;
      }
      if (goingOn) await goOn(returnTo);
    },
    [goOn, returnTo],
  );

  return { attempt, signedIn };
}
