/**
 * The identity states, plus `loading` while an auth redirect in the address is
 * read (a stored session's user is shown while its start-up check runs: IdentityProvider).
 */
import { GUEST_KEY } from '@/lib/device-keys';

export interface AuthUser {
  id: string;
  email: string;
}

export type IdentityState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'guest' }
  | { status: 'signed-in'; user: AuthUser };

export type IdentityStatus = IdentityState['status'];

/** The guest flag's localStorage key and value. */
export const GUEST_MODE_KEY = GUEST_KEY.name;
const GUEST_MODE_ON = 'true';

export function readGuestFlag(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(GUEST_MODE_KEY) === GUEST_MODE_ON;
  } catch {
    return false;
  }
}

export function writeGuestFlag(
  on: boolean,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (on) storage.setItem(GUEST_MODE_KEY, GUEST_MODE_ON);
    else storage.removeItem(GUEST_MODE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory state still applies.
  }
}

/** A signed-in user wins over the guest flag; without one the flag decides. */
export function identityFrom(user: AuthUser | null, guestFlag: boolean): IdentityState {
  if (user) return { status: 'signed-in', user };
  return guestFlag ? { status: 'guest' } : { status: 'anonymous' };
}

/** Supabase users may lack an email (phone sign-up); the product only uses email accounts. */
export function toAuthUser(
  user: { id: string; email?: string | null } | null | undefined,
): AuthUser | null {
  if (!user) return null;
  return { id: user.id, email: user.email ?? '' };
}
