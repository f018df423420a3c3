import { vi } from 'vitest';
import type { IdentityContextValue, IdentityState } from '@/lib/auth';

/** An identity context value for tests of components that read `useIdentity()`. */
export function identityStub(
  identity: IdentityState,
  overrides: Partial<Omit<IdentityContextValue, 'identity'>> = {},
): IdentityContextValue {
  return {
    identity,
    signIn: vi.fn(async () => undefined),
    signUp: vi.fn(async () => ({ confirmationRequired: false })),
    signInWithGoogle: vi.fn(async () => undefined),
    continueAsGuest: vi.fn(),
    signOut: vi.fn(async () => undefined),
    checkPassword: vi.fn(async () => true),
    changePassword: vi.fn(async () => undefined),
    changeEmail: vi.fn(async () => undefined),
    ...overrides,
  };
}
