/**
 * The rules of a new password, one place for every form that sets one: registration, choosing
 * a new password from a reset link, changing it on the account page.
 */

/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export interface NewPasswordInput {
  password: string;
  confirmPassword: string;
}

/** The translation keys of the registration form's messages, shared by every such form. */
export type NewPasswordError =
  'auth.register.passwordsDoNotMatch' | 'auth.register.passwordTooShort';

/**
 * The checks in order: the confirmation must match, then the password
 * must be long enough. Returns the translation key of the first failure, or null.
 */
export function validateNewPassword(input: NewPasswordInput): NewPasswordError | null {
  if (input.password !== input.confirmPassword) return 'auth.register.passwordsDoNotMatch';
  if (input.password.length < MIN_PASSWORD_LENGTH) return 'auth.register.passwordTooShort';
  return null;
}
