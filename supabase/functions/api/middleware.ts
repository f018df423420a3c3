import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from '../_shared/http.ts';
import { supabaseAs } from '../_shared/supabase.ts';

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

/** 401 unless the request carries a valid, unexpired session token of a real user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (!header) throw new ApiError(401, 'Authentication required');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new ApiError(401, 'Invalid or expired token');
  const db = supabaseAs(c.var.config, token);
  const { data, error } = await db.auth.getUser(token);
  if (error || !data.user) {
    const status = error?.status ?? 0;
    if (status === 0 || status >= 500) throw new ApiError(503, 'Authentication service unavailable, please try again');
    throw new ApiError(401, 'Invalid or expired token');
  }
  if (!isSessionToken(token, data.user.id)) throw new ApiError(401, 'Invalid or expired token');
  c.set('user', data.user);
  c.set('db', db);
  await next();
});
