import { isAuthError, isAuthRetryableFetchError, type Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import { AuthFailure, IdentityContext, type IdentityContextValue, type SignUpOptions } from './identity-context';
import {
  identityFrom,
  readGuestFlag,
  toAuthUser,
  writeGuestFlag,
  type AuthUser,
  type IdentityState,
} from './model/identity';

/**
 * The server's own words for a refused sign-in or sign-up, or undefined when
 * it never answered (network failure, gateway error): then the page's generic
 * message applies (spec section 8).
 */
function serverMessageOf(error: unknown): string | undefined {
  if (!isAuthError(error) || isAuthRetryableFetchError(error)) return undefined;
  return error.message || undefined;
}

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a?.id === b?.id && a?.email === b?.email;

/**
 * Start-up check (spec section 4): a stored session is validated with the
 * server. A session the server rejects is removed on this device; when the
 * server cannot be reached the stored session is kept, since it is not known
 * to be invalid and will be checked again on the next request.
 */
async function restoreUser(): Promise<AuthUser | null> {
  const { data } = await supabase.auth.getSession();
  const session: Session | null = data.session;
  if (!session) return null;

  const { data: userData, error } = await supabase.auth.getUser();
  if (!error && userData.user) return toAuthUser(userData.user);
  if (error && isAuthRetryableFetchError(error)) return toAuthUser(session.user);

  await supabase.auth.signOut({ scope: 'local' });
  return null;
}

/**
 * The one owner of the session. Everything else reads the identity through
 * `useIdentity()` and never talks to supabase.auth directly.
 */
export function IdentityProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [guestFlag, setGuestFlag] = useState(false);
  const [settled, setSettled] = useState(false);
  const userIdRef = useRef<string | null>(null);

  const applyUser = useCallback(
    (next: AuthUser | null) => {
      const previousId = userIdRef.current;
      userIdRef.current = next?.id ?? null;
      // Cached server data belongs to the account that fetched it.
      if (previousId !== null && previousId !== userIdRef.current) queryClient.clear();
      setUser((current) => (sameUser(current, next) ? current : next));
      setSettled(true);
    },
    [queryClient],
  );

  useEffect(() => {
    let active = true;
    let changedDuringStartup = false;

    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((event, session) => {
      // The start-up check below decides the first state, after validating with the server.
      if (!active || event === 'INITIAL_SESSION') return;
      changedDuringStartup = true;
      applyUser(toAuthUser(session?.user));
    });

    restoreUser()
      .catch((error: unknown) => {
        console.error('Could not restore the session', error);
        return null;
      })
      .then((restored) => {
        if (!active) return;
        setGuestFlag(readGuestFlag());
        if (!changedDuringStartup) applyUser(restored);
        else setSettled(true);
      });

    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [applyUser]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error || !data.user) throw new AuthFailure(serverMessageOf(error));
      applyUser(toAuthUser(data.user));
    },
    [applyUser],
  );

  const signUp = useCallback(
    async (email: string, password: string, options?: SignUpOptions) => {
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: options?.emailRedirectTo ? { emailRedirectTo: options.emailRedirectTo } : undefined,
      });
      if (error) throw new AuthFailure(serverMessageOf(error));
      // Without a session the project requires email confirmation before the first sign-in.
      if (!data.session) return { confirmationRequired: true };
      applyUser(toAuthUser(data.session.user));
      return { confirmationRequired: false };
    },
    [applyUser],
  );

  const signInWithGoogle = useCallback(
    async (idToken: string | undefined) => {
      // Spec section 5: a missing credential is a failed social sign-in.
      if (!idToken) throw new AuthFailure(undefined);
      const { data, error } = await supabase.auth.signInWithIdToken({ provider: 'google', token: idToken });
      if (error || !data.user) throw new AuthFailure(serverMessageOf(error));
      // Spec section 4: social sign-in also clears guest mode.
      writeGuestFlag(false);
      setGuestFlag(false);
      applyUser(toAuthUser(data.user));
    },
    [applyUser],
  );

  const continueAsGuest = useCallback(() => {
    writeGuestFlag(true);
    setGuestFlag(true);
    navigate(paths.plan());
  }, [navigate]);

  const signOut = useCallback(async () => {
    writeGuestFlag(false);
    setGuestFlag(false);
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) console.error('Sign-out request failed; the local session was removed', error);
    applyUser(null);
  }, [applyUser]);

  const value = useMemo<IdentityContextValue>(() => {
    const identity: IdentityState = settled
      ? identityFrom(user, guestFlag)
      : { status: 'loading' };
    return { identity, signIn, signUp, signInWithGoogle, continueAsGuest, signOut };
  }, [settled, user, guestFlag, signIn, signUp, signInWithGoogle, continueAsGuest, signOut]);

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
