import { paths, safeInternalPath } from '@/config/paths';

/**
 * Where to go after signing in or registering with no pending route: the
 * in-app path the user was sent away from (a protected page's returnTo),
 * else the planner. The `save` and `waze` markers are
 * handled by the pending-route step before this is consulted.
 */
export function postAuthDestination(returnTo: string | null | undefined): string {
  return safeInternalPath(returnTo) ?? paths.plan();
}
