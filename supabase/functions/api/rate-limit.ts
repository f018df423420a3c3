/**
 * Per-client rate limits of the geocoding and routing proxies (token buckets in
 * Postgres, shared by every instance): 429 with Retry-After and {error} when exceeded.
 *
 * The client is the signed-in user when the request carries a valid session token,
 * otherwise its IP address: `cf-connecting-ip` (set by the platform's edge, which
 * overwrites any value the client sent) or else the first entry of `x-forwarded-for`.
 * That first entry is only as trustworthy as the proxy in front: a client that forges it
 * gets a fresh bucket per forged address, which is why the upstreams' own policy
 * (1 request/s) is kept globally by the upstream gate, whatever the callers claim.
 */
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { ApiError } from '../_shared/http.ts';
import { supabaseAs } from '../_shared/supabase.ts';
import { BEARER, isSessionToken } from './middleware.ts';

const IP_ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;
const VERIFIED_TOKEN_MS = 60_000;

/** Tokens already verified by Auth in this instance, so a busy caller costs one Auth call a minute. */
const verifiedTokens = new Map<string, { userId: string | null; until: number }>();

async function userIdOf(c: Context<AppEnv>, token: string): Promise<string | null> {
  const now = Date.now();
  const known = verifiedTokens.get(token);
  if (known && known.until > now) return known.userId;
  let userId: string | null = null;
  try {
    const { data } = await supabaseAs(c.var.config, token).auth.getUser(token);
    userId = data.user && isSessionToken(token, data.user.id) ? data.user.id : null;
  } catch {
    userId = null;
  }
  verifiedTokens.set(token, { userId, until: now + VERIFIED_TOKEN_MS });
  while (verifiedTokens.size > 5000) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  return userId;
}

export function clientIp(headers: { get(name: string): string | null | undefined }): string | null {
  const candidates = [
    headers.get('cf-connecting-ip'),
    headers.get('x-forwarded-for')?.split(',')[0],
  ];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value && IP_ADDRESS.test(value)) return value.toLowerCase();
  }
  return null;
}

async function callerKey(c: Context<AppEnv>): Promise<string> {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const userId = token ? await userIdOf(c, token) : null;
  if (userId) return `user:${userId}`;
  // Without an address (no proxy in front) every anonymous caller shares one bucket.
  return `ip:${clientIp(c.req.raw.headers) ?? 'unknown'}`;
}

export const rateLimit = (service: 'geocoding' | 'routing') =>
  createMiddleware<AppEnv>(async (c, next) => {
    const perMinute =
      service === 'geocoding'
        ? c.var.config.geocodingRateLimitPerMinute
        : c.var.config.routingRateLimitPerMinute;
    if (!(perMinute > 0) || c.req.method === 'OPTIONS') return next();
    const bucket = `${service}:${await callerKey(c)}`;
    const { allowed, retryAfterSeconds } = await c.var.sharedState.takeToken(
      bucket,
      Math.ceil(perMinute),
      perMinute / 60,
    );
    if (!allowed) {
      throw new ApiError(429, 'Too many requests, please slow down and try again shortly', {
        'Retry-After': String(retryAfterSeconds),
      });
    }
    await next();
  });

/** The bucket of a driver link: a digest of its token (the token itself is never stored there). */
async function driverLinkBucket(token: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)),
  );
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0'));
  return `driver-link:${hex.join('')}`;
}

/**
 * Reports, photos and signatures one driver link may send: DRIVER_REPORT_RATE_LIMIT_PER_MINUTE
 * a minute, bursts up to the same number (a phone's queue sending what waited offline), then 429
 * with Retry-After. Counted per link, whoever holds it.
 */
export async function limitDriverLink(c: Context<AppEnv>, token: string): Promise<void> {
  const perMinute = c.var.config.driverReportRateLimitPerMinute;
  if (!(perMinute > 0)) return;
  const { allowed, retryAfterSeconds } = await c.var.sharedState.takeToken(
    await driverLinkBucket(token),
    Math.ceil(perMinute),
    perMinute / 60,
  );
  if (!allowed)
    throw new ApiError(429, 'Too many reports from this driver link, please wait a moment', {
      'Retry-After': String(retryAfterSeconds),
    });
}
