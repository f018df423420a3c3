import { paths } from '@/config/paths';
import type { IdentityStatus } from '@/lib/auth';

/**
 * How a path may be entered:
 * - `open`: always rendered;
 * - `auth-settled`: open, but rendered only once the identity is known (/plan);
 * - `protected`: needs a signed-in user or the guest flag.
 */
export type RouteAccess = 'open' | 'auth-settled' | 'protected';

export type AccessDecision =
  { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export interface AccessLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export function decideAccess(
  access: RouteAccess,
  status: IdentityStatus,
  location: AccessLocation,
): AccessDecision {
  if (access === 'open') return { kind: 'render' };
  if (status === 'loading') return { kind: 'wait' };
  if (access === 'auth-settled') return { kind: 'render' };
  if (status === 'signed-in' || status === 'guest') return { kind: 'render' };
  const returnTo = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return { kind: 'redirect', to: paths.login({ returnTo }) };
}
