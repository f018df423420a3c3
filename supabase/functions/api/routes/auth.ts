import { Hono } from 'hono';
import type { AuthError, Session, User } from '@supabase/supabase-js';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import {
  credentialsSchema,
  googleSignInSchema,
  refreshSchema,
  registrationSchema,
} from '../../_shared/validation.ts';
import { supabaseAs } from '../../_shared/supabase.ts';
import { requireUser } from '../middleware.ts';

const publicUser = (user: User) => ({ id: user.id, email: user.email ?? null });

const sessionBody = (session: Session) => ({
  token: session.access_token,
  refreshToken: session.refresh_token,
  expiresAt: session.expires_at ?? null,
  user: publicUser(session.user),
});

/**
 * Auth errors keep GoTrue's message for the caller's mistakes (as `clientStatus`,
 * or 429 when rate limited) and hide its outages behind a 503.
 */
function authFailure(error: AuthError, clientStatus: 400 | 401): ApiError {
  const status = error.status ?? 0;
  if (status === 429)
    return new ApiError(429, error.message || 'Too many requests, please try again later');
  if (status >= 400 && status < 500)
    return new ApiError(clientStatus, error.message || 'Authentication failed');
  return new ApiError(503, 'Authentication service unavailable, please try again');
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const { email, password } = parseInput(credentialsSchema, await readJsonBody(c));
    const { data, error } = await supabaseAs(c.var.config).auth.signInWithPassword({
      email,
      password,
    });
    if (error || !data.session)
      throw error ? authFailure(error, 401) : new ApiError(401, 'Login failed');
    return c.json(sessionBody(data.session));
  })
  .post('/register', async (c) => {
    const { email, password } = parseInput(registrationSchema, await readJsonBody(c));
    const { data, error } = await supabaseAs(c.var.config).auth.signUp({ email, password });
    if (error || !data.user)
      throw error ? authFailure(error, 400) : new ApiError(400, 'Registration failed');
    if (!data.session) {
      return c.json(
        {
          token: null,
          refreshToken: null,
          user: publicUser(data.user),
          confirmationRequired: true,
        },
        201,
      );
    }
    return c.json({ ...sessionBody(data.session), confirmationRequired: false }, 201);
  })
  .post('/google', async (c) => {
    const { idToken } = parseInput(googleSignInSchema, await readJsonBody(c));
    const { data, error } = await supabaseAs(c.var.config).auth.signInWithIdToken({
      provider: 'google',
      token: idToken,
    });
    if (error || !data.session) {
      throw error ? authFailure(error, 401) : new ApiError(401, 'Google authentication failed');
    }
    return c.json(sessionBody(data.session));
  })
  .post('/refresh', async (c) => {
    const { refreshToken } = parseInput(refreshSchema, await readJsonBody(c));
    const { data, error } = await supabaseAs(c.var.config).auth.refreshSession({
      refresh_token: refreshToken,
    });
    if (error || !data.session)
      throw error ? authFailure(error, 401) : new ApiError(401, 'Invalid refresh token');
    return c.json(sessionBody(data.session));
  })
  .get('/me', requireUser, (c) => c.json({ user: publicUser(c.var.user) }));
