export { IdentityProvider } from './IdentityProvider';
export { AuthFailure, IdentityContext, useIdentity } from './identity-context';
export type { IdentityContextValue, SignUpOptions, SignUpResult } from './identity-context';
export { GUEST_MODE_KEY } from './model/identity';
export type { AuthUser, IdentityState, IdentityStatus } from './model/identity';
