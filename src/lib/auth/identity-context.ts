import { createContext, useContext } from 'react';
import type { IdentityState } from './identity';

export interface SignUpResult {
  /** True when the account exists but email confirmation is required before signing in. */
  confirmationRequired: boolean;
}

export interface SignUpOptions {
  /** Where the confirmation email's link leads, when the project requires confirmation. */
  emailRedirectTo?: string;
}

export interface IdentityContextValue {
  identity: IdentityState;
  /** Throws an AuthFailure carrying the server's message. */
  signIn: (email: string, password: string) => Promise<void>;
  /** Throws an AuthFailure carrying the server's message. */
  signUp: (email: string, password: string, options?: SignUpOptions) => Promise<SignUpResult>;
  /** Exchanges a Google ID token for a session and clears the guest flag. Throws an AuthFailure. */
  signInWithGoogle: (idToken: string | undefined) => Promise<void>;
  /** Sets the guest flag and goes to /plan. */
  continueAsGuest: () => void;
  /** Ends the session and clears the guest flag. */
  signOut: () => Promise<void>;
  /**
   * True when `password` is the signed-in account's password (checked with Auth, without
   * touching this device's session); false when it is not. Throws an AuthFailure when Auth
   * cannot be reached.
   */
  checkPassword: (password: string) => Promise<boolean>;
  /** Sets a new password for the signed-in account. Throws an AuthFailure. */
  changePassword: (newPassword: string) => Promise<void>;
  /**
   * Asks Auth to move the account to `newEmail`: a confirmation link goes to that address,
   * leading to `redirectTo`; the address changes when the link is opened. Throws an AuthFailure.
   */
  changeEmail: (newEmail: string, redirectTo: string) => Promise<void>;
}

export const IdentityContext = createContext<IdentityContextValue | null>(null);

export function useIdentity(): IdentityContextValue {
  const value = useContext(IdentityContext);
  if (!value) throw new Error('useIdentity must be used inside <IdentityProvider>');
  return value;
}

/** An auth call the server refused; `message` is the server's text when it sent one. */
export class AuthFailure extends Error {
  readonly serverMessage: string | undefined;

  constructor(serverMessage: string | undefined) {
    super(serverMessage ?? 'Authentication failed');
    this.name = 'AuthFailure';
    this.serverMessage = serverMessage;
  }
}
