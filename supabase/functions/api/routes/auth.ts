import { Hono } from 'hono';
import type { Context } from 'hono';
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
import { passwordResetSchema } from '../../_shared/account-validation.ts';
import { requireUser } from '../middleware.ts';
import { clientIp } from '../rate-limit.ts';

/** The one answer to a password reset request, whether or not an account has the address. */
export const PASSWORD_RESET_ANSWER =
  'If an account exists for this email, we have sent a link to reset the password.';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * PASSWORD_RESET_RATE_LIMIT_PER_HOUR requests per client and per address (the address only
 * as a hash, and counted whether or not an account has it): 429 with Retry-After.
 */
async function limitPasswordResets(c: Context<AppEnv>, email: string): Promise<void> {
  const perHour = c.var.config.passwordResetRateLimitPerHour;
  if (!(perHour > 0)) return;
  const buckets = [
    `password-reset:ip:${clientIp(c.req.raw.headers) ?? 'unknown'}`,
    `password-reset:email:${await sha256Hex(email)}`,
  ];
  for (const bucket of buckets) {
    const { allowed, retryAfterSeconds } = await c.var.sharedState.takeToken(
      bucket,
      perHour,
      perHour / 3600,
    );
    if (!allowed)
      throw new ApiError(429, 'Too many password reset requests, please try again later', {
        'Retry-After': String(retryAfterSeconds),
      });
  }
}

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

/**
 * POST /auth/password-reset: Auth emails a link to choose a new password. Every valid request
 * gets the same answer (202, PASSWORD_RESET_ANSWER) whether or not an account has the address,
 * and whatever Auth said about it (its per-user throttle and a failed send for an existing
 * account would otherwise tell who has an account); only Auth being unreachable, which is
 * the same for every address, is a 503. The link leads to SITE_URL/reset-password (hosted
 * Auth honours it when allow-listed; @supabase/lite sends every link to SITE_URL, where the
 * SPA passes it on).
 */
authRoutes.post('/password-reset', async (c) => {
  const { email } = parseInput(passwordResetSchema, await readJsonBody(c));
  await limitPasswordResets(c, email);
  const { error } = await supabaseAs(c.var.config).auth.resetPasswordForEmail(email, {
    redirectTo: `${c.var.config.siteUrl}/reset-password`,
  });
  if (error) {
    const status = error.status ?? 0;
    if (status === 0 || status === 502 || status === 503 || status === 504)
      throw new ApiError(503, 'Authentication service unavailable, please try again');
    // Not the address: a log line must not say which addresses have accounts.
    console.error('api: password reset email not sent', status, error.code ?? '', error.message);
  }
  return c.json({ message: PASSWORD_RESET_ANSWER }, 202);
});
