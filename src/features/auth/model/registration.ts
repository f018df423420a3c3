import {
  MIN_PASSWORD_LENGTH,
  validateNewPassword,
  type NewPasswordError,
} from '@/lib/auth/password-rules';

/** Minimum password length (the rule lives in lib/auth/password-rules). */
export { MIN_PASSWORD_LENGTH };

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationError = NewPasswordError;

/**
 * The register form's own checks, in their order: the
 * confirmation must match, then the password must be long enough. Required
 * fields and the email format are left to the inputs (`required`, `type=email`).
 * Returns the translation key of the first failure, or null.
 */
export function validateRegistration(input: RegistrationInput): RegistrationError | null {
  return validateNewPassword(input);
}
