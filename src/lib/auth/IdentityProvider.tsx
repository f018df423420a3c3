import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { clearAccountCaches } from '@/lib/account-caches';
import {
  authClientNeededNow,
  forgetStoredSession,
  hasStoredAuthState,
  isSessionStorageKey,
  loadSupabase,
  sessionStorageKey,
  setAuthClientStarter,
  type LoadedSupabase,
} from '@/lib/supabase';
import { storedChangeNeedsClient } from '@/lib/stored-session';
import {
  AuthFailure,
  IdentityContext,
  type IdentityContextValue,
  type SignUpOptions,
} from './identity-context';
import {
  identityFrom,
  readGuestFlag,
  toAuthUser,
  writeGuestFlag,
  type AuthUser,
  type IdentityState,
} from './identity';
import { restoreUser, serverMessageOf } from './session-check';
import { useIdentityAfterHydration } from './use-identity-after-hydration';

interface ClientRun {
  active: boolean;
  started: Promise<LoadedSupabase> | null;
  unsubscribe?: () => void;
}

/** setTimeout's longest delay (a 32-bit count of ms); a longer wait starts the client early. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a?.id === b?.id && a?.email === b?.email;

/**
 * The one owner of the session. Everything else reads the identity through
 * `useIdentity()` and never talks to supabase.auth directly.
 *
 * The identity is known at once, read synchronously from localStorage: anonymous without
 * anything stored, else the stored session's user. The Auth client (supabase-js's auth-js, 22 KB
 * gzipped) loads only when needed (authClientNeededIn in src/lib/stored-session.ts): at once for
 * an auth redirect in the address or a token to refresh; later, when the stored token comes near
 * its end (a page left open refreshes it as the client would); for a request whose token the API
 * refused (src/lib/supabase.ts); to sign in or out, for the account page's password work, and
 * when another tab signs in or out. Once loaded, it validates the session with the server: a
 * session the server rejects is removed and the identity becomes anonymous then (the account's
 * data stays on the device until another account signs in: see applyUser). Only an auth redirect
 * in the address (whose session supabase-js has yet to read) keeps the identity `loading`.
 */
export function IdentityProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { storedAtStart, storedUser, user, setUser, guestFlag, setGuestFlag, settled, setSettled } =
    useIdentityAfterHydration();
  const userIdRef = useRef<string | null>(storedUser?.id ?? null);
  /** The stored session's user is shown while the server checks the session (start-up). */
  const checkingRef = useRef(storedUser !== null);
  /** One per mount of the effect below (StrictMode mounts twice): its client subscription and start-up. */
  const runRef = useRef<ClientRun>({ active: true, started: null });

  const applyUser = useCallback(
    (next: AuthUser | null) => {
      const previousId = userIdRef.current;
      if (next === null && checkingRef.current) {
        // The stored session, rejected by its start-up check: nobody signed out on this device,
        // so its account's data (the drafts of unsaved edits among it) stays, to be cleared only
        // if another account signs in here.
        setUser(null);
        setSettled(true);
        return;
      }
      userIdRef.current = next?.id ?? null;
      // Cached server data belongs to the account that fetched it.
      if (previousId !== null && previousId !== userIdRef.current) clearAccountCaches();
      setUser((current) => (sameUser(current, next) ? current : next));
      setSettled(true);
    },
    [setSettled, setUser],
  );

  /** Loads supabase-js once, follows its auth events and checks the stored session. */
  const startClient = useCallback((): Promise<LoadedSupabase> => {
    const run = runRef.current;
    run.started ??= (async () => {
      let kit: LoadedSupabase;
      try {
        kit = await loadSupabase();
      } catch (error) {
        // Not loaded (offline): the next need tries again.
        if (runRef.current === run) run.started = null;
        throw error;
      }
      if (!run.active) return kit;
      let changedDuringStartup = false;
      const {
        data: { subscription },
      } = kit.client.auth.onAuthStateChange((event, session) => {
        // The start-up check below decides the first state, after validating with the server.
        if (!run.active || event === 'INITIAL_SESSION') return;
        changedDuringStartup = true;
        applyUser(toAuthUser(session?.user));
      });
      run.unsubscribe = () => subscription.unsubscribe();

      const restored = await restoreUser(kit).catch((error: unknown) => {
        console.error('Could not restore the session', error);
        return null;
      });
      if (run.active) {
        setGuestFlag(readGuestFlag());
        if (!changedDuringStartup) applyUser(restored);
        else setSettled(true);
        checkingRef.current = false;
      }
      return kit;
    })();
    return run.started;
  }, [applyUser, setGuestFlag, setSettled]);

  useEffect(() => {
    const run: ClientRun = { active: true, started: null };
    runRef.current = run;
    // A request that needs the client (a token to refresh, one the API refused) starts it here,
    // so that the identity follows its events.
    setAuthClientStarter(startClient);
    const start = () => {
      startClient().catch((error: unknown) => {
        console.error('Could not load the authentication client', error);
        if (run.active) setSettled(true);
      });
    };
    // A session stored on this device: the client loads when it is needed, after the first paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const neededIn = storedAtStart ? authClientNeededNow() : null;
    if (neededIn === 0) start();
    else if (neededIn !== null) timer = setTimeout(start, Math.min(neededIn, MAX_TIMER_MS));
    // Another tab signed in or out before this one loaded the client: load it to follow (a
    // refresh there needs nothing here: the token is read from storage at each request).
    const onStorage = (event: StorageEvent) => {
      if (!isSessionStorageKey(event.key) || run.started !== null) return;
      const refresh =
        event.key === sessionStorageKey() &&
        !storedChangeNeedsClient(event.oldValue, event.newValue);
      if (!refresh) start();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      run.active = false;
      run.unsubscribe?.();
      clearTimeout(timer);
      setAuthClientStarter(null);
      window.removeEventListener('storage', onStorage);
    };
  }, [storedAtStart, startClient, setSettled]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const kit = await startClient();
      const { data, error } = await kit.client.auth.signInWithPassword({ email, password });
      if (error || !data.user) throw new AuthFailure(serverMessageOf(kit, error));
      applyUser(toAuthUser(data.user));
    },
    [applyUser, startClient],
  );

  const signUp = useCallback(
    async (email: string, password: string, options?: SignUpOptions) => {
      const kit = await startClient();
      const { data, error } = await kit.client.auth.signUp({
        email,
        password,
        options: options?.emailRedirectTo
          ? { emailRedirectTo: options.emailRedirectTo }
          : undefined,
      });
      if (error) throw new AuthFailure(serverMessageOf(kit, error));
      // Without a session the project requires email confirmation before the first sign-in.
      if (!data.session) return { confirmationRequired: true };
      applyUser(toAuthUser(data.session.user));
      return { confirmationRequired: false };
    },
    [applyUser, startClient],
  );

  const signInWithGoogle = useCallback(
    async (idToken: string | undefined) => {
      // A missing credential is a failed social sign-in.
      if (!idToken) throw new AuthFailure(undefined);
      const kit = await startClient();
      const { data, error } = await kit.client.auth.signInWithIdToken({
        provider: 'google',
        token: idToken,
      });
      if (error || !data.user) throw new AuthFailure(serverMessageOf(kit, error));
      // Social sign-in also clears guest mode.
      writeGuestFlag(false);
      setGuestFlag(false);
      applyUser(toAuthUser(data.user));
    },
    [applyUser, startClient, setGuestFlag],
  );

  const continueAsGuest = useCallback(() => {
    writeGuestFlag(true);
    setGuestFlag(true);
    void navigate(paths.plan());
  }, [navigate, setGuestFlag]);

  const signOut = useCallback(async () => {
    writeGuestFlag(false);
    setGuestFlag(false);
    // Without a loaded client there is no session to end on this device.
    if (runRef.current.started !== null || hasStoredAuthState()) {
      try {
        const kit = await startClient();
        const { error } = await kit.client.auth.signOut({ scope: 'local' });
        if (error) console.error('Sign-out request failed; the local session was removed', error);
      } catch (error) {
        // The client could not load (offline, or its file gone after a deployment): the session
        // is removed from this device all the same.
        console.error('Could not load the authentication client to sign out', error);
        forgetStoredSession();
      }
    }
    // A sign-out, even during the start-up check: this account's data leaves the device.
    checkingRef.current = false;
    applyUser(null);
  }, [applyUser, startClient, setGuestFlag]);

  const checkPassword = useCallback(
    async (password: string) => {
      const kit = await startClient();
      const { data } = await kit.client.auth.getSession();
      const current = data.session?.user;
      if (!current?.email) throw new AuthFailure(undefined);
      // A client of its own: signing in there leaves this device's session as it is.
      const checker = kit.isolatedClient();
      const { data: checked, error } = await checker.auth.signInWithPassword({
        email: current.email,
        password,
      });
      if (error) {
        if (kit.isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500)
          throw new AuthFailure(undefined);
        return false;
      }
      // The check made a session of its own: end it at once.
      await checker.auth.signOut({ scope: 'local' }).catch(() => undefined);
      return checked.user?.id === current.id;
    },
    [startClient],
  );

  const changePassword = useCallback(
    async (newPassword: string) => {
      const kit = await startClient();
      const { error } = await kit.client.auth.updateUser({ password: newPassword });
      if (error) throw new AuthFailure(serverMessageOf(kit, error));
    },
    [startClient],
  );

  const changeEmail = useCallback(
    async (newEmail: string, redirectTo: string) => {
      const kit = await startClient();
      const { error } = await kit.client.auth.updateUser(
        { email: newEmail },
        { emailRedirectTo: redirectTo },
      );
      if (error) throw new AuthFailure(serverMessageOf(kit, error));
    },
    [startClient],
  );

  const value = useMemo<IdentityContextValue>(() => {
    const identity: IdentityState = settled ? identityFrom(user, guestFlag) : { status: 'loading' };
    return {
      identity,
      signIn,
      signUp,
      signInWithGoogle,
      continueAsGuest,
      signOut,
      checkPassword,
      changePassword,
      changeEmail,
    };
  }, [
    settled,
    user,
    guestFlag,
    signIn,
    signUp,
    signInWithGoogle,
    continueAsGuest,
    signOut,
    checkPassword,
    changePassword,
    changeEmail,
  ]);

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
