/** Spec sections 5 and 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationError =
  'auth.register.passwordsDoNotMatch' | 'auth.register.passwordTooShort';

/**
 * The register form's own checks, in the spec's order (section 5): the
 * confirmation must match, then the password must be long enough. Required
 * fields and the email format are left to the inputs (`required`, `type=email`).
 * Returns the translation key of the first failure, or null.
 */
export function validateRegistration(input: RegistrationInput): RegistrationError | null {
  if (input.password !== input.confirmPassword) return 'auth.register.passwordsDoNotMatch';
  if (input.password.length < MIN_PASSWORD_LENGTH) return 'auth.register.passwordTooShort';
  return null;
}
