import { describe, expect, it } from 'vitest';
import en from '@/locales/pages/en.json';
import { MIN_PASSWORD_LENGTH, validateRegistration } from './registration';

const input = (password: string, confirmPassword = password) => ({
  email: 'driver@example.com',
  password,
  confirmPassword,
});

describe('validateRegistration', () => {
  it('accepts matching passwords of at least 6 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(validateRegistration(input('secret'))).toBeNull();
    expect(validateRegistration(input('a much longer password'))).toBeNull();
  });

  it('rejects a confirmation that does not match', () => {
    expect(validateRegistration(input('secret1', 'secret2'))).toBe(
      'auth.register.passwordsDoNotMatch',
    );
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(validateRegistration(input('12345'))).toBe('auth.register.passwordTooShort');
    expect(validateRegistration(input(''))).toBe('auth.register.passwordTooShort');
  });

  it('checks the match before the length', () => {
    expect(validateRegistration(input('abc', 'abd'))).toBe('auth.register.passwordsDoNotMatch');
  });

  it('maps each failure to its exact English text', () => {
    expect(en.auth.register.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(en.auth.register.passwordTooShort).toBe('Password must be at least 6 characters long');
  });
});
