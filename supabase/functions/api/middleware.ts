import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from '../_shared/http.ts';
import { supabaseAs } from '../_shared/supabase.ts';
import type { ApiConfig } from '../_shared/config.ts';
import type { User } from '@supabase/supabase-js';

export const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{10,4096})$/;

/**
 * After Auth has verified the signature: the token must be a user session token of
 * this project (role and audience `authenticated`, not expired, for this user). Auth's
 * getUser alone accepts a correctly signed token minted for another audience.
 */
export function sessionClaims(token: string, userId: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
    // Whatever the token holds: every claim read below is checked before it counts.
    const claims = JSON.parse(
      atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '=')),
    ) as Record<string, unknown>;
    const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const valid =
      claims.role === 'authenticated' &&
      audiences.includes('authenticated') &&
      claims.sub === userId &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > Date.now();
    return valid ? claims : null;
  } catch {
    return null;
  }
}

export const isSessionToken = (token: string, userId: string): boolean =>
  sessionClaims(token, userId) !== null;

/**
 * Sessions Auth has confirmed in this instance, for at most 30 s (and never past the
 * token's exp): a busy client costs one Auth round trip per 30 s instead of one per
 * request. A signed-out session can stay usable here for those seconds, as its JWT
 * already does at the Data API until it expires.
 */
const SESSION_CACHE_MS = 30_000;
const confirmedSessions = new Map<string, { user: User; until: number }>();

/** Forgets every confirmed session of a user (their account was just deleted). */
export function forgetSessionsOf(userId: string): void {
  for (const [token, known] of confirmedSessions)
    if (known.user.id === userId) confirmedSessions.delete(token);
}

interface Session {
  user: User;
  /** the token's payload, once Auth has confirmed its signature */
  claims: Record<string, unknown>;
}

async function confirmedSession(config: ApiConfig, token: string): Promise<Session> {
  const now = Date.now();
  const known = confirmedSessions.get(token);
  const knownClaims = known && known.until > now ? sessionClaims(token, known.user.id) : null;
  if (known && knownClaims) return { user: known.user, claims: knownClaims };
  const { data, error } = await supabaseAs(config, token).auth.getUser(token);
  if (error || !data.user) {
    const status = error?.status ?? 0;
    if (status === 0 || status >= 500)
      throw new ApiError(503, 'Authentication service unavailable, please try again');
    throw new ApiError(401, 'Invalid or expired token');
  }
  const claims = sessionClaims(token, data.user.id);
  if (!claims) throw new ApiError(401, 'Invalid or expired token');
  confirmedSessions.delete(token);
  confirmedSessions.set(token, { user: data.user, until: now + SESSION_CACHE_MS });
  while (confirmedSessions.size > 10_000)
    confirmedSessions.delete(confirmedSessions.keys().next().value!);
  return { user: data.user, claims };
}

/** 401 unless the request carries a valid, unexpired session token of a real user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (!header) throw new ApiError(401, 'Authentication required');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new ApiError(401, 'Invalid or expired token');
  const { user, claims } = await confirmedSession(c.var.config, token);
  c.set('user', user);
  c.set('accessToken', token);
  c.set('itineraries', c.var.itineraryStores.asCaller(token, claims));
  c.set('driverReports', c.var.driverStores.asOwner(token, claims));
  c.set('tracking', c.var.trackingStores.asOwner(token, claims));
  await next();
});
