import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from '../_shared/http.ts';
import { supabaseAs } from '../_shared/supabase.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{10,4096})$/;

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
  c.set('user', data.user);
  c.set('db', db);
  await next();
});
