import { startTransition, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useHydrating } from '@/lib/hydration';
import { authRedirectInUrl, hasStoredAuthState, storedSessionUser } from '@/lib/supabase';
import { readGuestFlag, toAuthUser, type AuthUser } from './identity';

export interface StartingIdentity {
  /** A session or an auth redirect was stored on this device when the page started. */
  storedAtStart: boolean;
  /** The stored session's user, shown until the server has judged the session. */
  storedUser: AuthUser | null;
  user: AuthUser | null;
  setUser: Dispatch<SetStateAction<AuthUser | null>>;
  guestFlag: boolean;
  setGuestFlag: Dispatch<SetStateAction<boolean>>;
  /** False while the identity is not known yet (an auth redirect supabase-js has yet to read). */
  settled: boolean;
  setSettled: Dispatch<SetStateAction<boolean>>;
}

/**
 * The identity's state from the first render. A page rendered at build time shows what a visitor
 * without anything stored sees, and so does its hydration (anonymous, not loading); the device's
 * identity (its stored session's user, guest mode) follows right after, in a transition. Any other
 * first render reads the device at once.
 */
export function useIdentityAfterHydration(): StartingIdentity {
  const [storedAtStart] = useState(hasStoredAuthState);
  const [storedUser] = useState(() =>
    storedAtStart && !authRedirectInUrl() ? toAuthUser(storedSessionUser()) : null,
  );
  const hydrating = useHydrating();
  const [hydratedFromBuild] = useState(hydrating);
  const [user, setUser] = useState<AuthUser | null>(hydratedFromBuild ? null : storedUser);
  const [guestFlag, setGuestFlag] = useState(() => !hydratedFromBuild && readGuestFlag());
  const [settled, setSettled] = useState(
    hydratedFromBuild || !storedAtStart || storedUser !== null,
  );
  useEffect(() => {
    if (!hydratedFromBuild) return;
    // A transition: React hydrates the parts of the page still waiting to (each a task of its
    // own, as it does anyway) before it shows the change, instead of all of them at once in
    // the task of an urgent update, or the loading state of one whose code has not arrived.
    startTransition(() => {
      setUser(storedUser);
      setGuestFlag(readGuestFlag());
      setSettled(!storedAtStart || storedUser !== null);
    });
  }, [hydratedFromBuild, storedAtStart, storedUser]);
  return { storedAtStart, storedUser, user, setUser, guestFlag, setGuestFlag, settled, setSettled };
}
