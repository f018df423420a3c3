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
export function isSessionToken(token: string, userId: string): boolean {
  try {
    const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '=')));
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    return (
      claims.role === 'authenticated' &&
      audiences.includes('authenticated') &&
      claims.sub === userId &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > Date.now()
    );
  } catch {
    return false;
  }
}

/**
 * Sessions Auth has confirmed in this instance, for at most 30 s (and never past the
 * token's exp): a busy client costs one Auth round trip per 30 s instead of one per
 * request. A signed-out session can stay usable here for those seconds, as its JWT
 * already does at the Data API until it expires.
 */
const SESSION_CACHE_MS = 30_000;
const confirmedSessions = new Map<string, { user: User; until: number }>();

async function sessionUser(config: ApiConfig, token: string): Promise<User> {
  const now = Date.now();
  const known = confirmedSessions.get(token);
  if (known && known.until > now && isSessionToken(token, known.user.id)) return known.user;
  const { data, error } = await supabaseAs(config, token).auth.getUser(token);
  if (error || !data.user) {
    const status = error?.status ?? 0;
    if (status === 0 || status >= 500) throw new ApiError(503, 'Authentication service unavailable, please try again');
    throw new ApiError(401, 'Invalid or expired token');
  }
  if (!isSessionToken(token, data.user.id)) throw new ApiError(401, 'Invalid or expired token');
  confirmedSessions.delete(token);
  confirmedSessions.set(token, { user: data.user, until: now + SESSION_CACHE_MS });
  while (confirmedSessions.size > 10_000) confirmedSessions.delete(confirmedSessions.keys().next().value!);
  return data.user;
}

/** 401 unless the request carries a valid, unexpired session token of a real user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (!header) throw new ApiError(401, 'Authentication required');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new ApiError(401, 'Invalid or expired token');
  c.set('user', await sessionUser(c.var.config, token));
  c.set('db', supabaseAs(c.var.config, token));
  await next();
});
