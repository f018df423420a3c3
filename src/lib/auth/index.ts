/** Who is using the app (signed in, guest, anonymous): the provider, the hook and the state. */
export { IdentityProvider } from './IdentityProvider';
export { AuthFailure, IdentityContext, useIdentity } from './identity-context';
export type { IdentityContextValue, SignUpOptions, SignUpResult } from './identity-context';
export { GUEST_MODE_KEY } from './identity';
export type { AuthUser, IdentityState, IdentityStatus } from './identity';
export {
  authLinkDestination,
  consumeAuthRedirect,
  endRecovery,
  initialAuthRedirect,
  parseAuthRedirect,
  recoveryInProgress,
  type AuthRedirect,
} from './auth-redirect';
export {
  MIN_PASSWORD_LENGTH,
  validateNewPassword,
  type NewPasswordError,
  type NewPasswordInput,
} from './password-rules';
