/**
 * State the geocoding and routing proxies share across Edge Function instances: the
 * answer cache, per-client token buckets and the upstreams' next free request slot.
 * It lives in Postgres (private tables behind service_role-only SQL functions, see
 * supabase/migrations/*_upstream_cache_and_rate_limits.sql); this process keeps a
 * small memory cache in front as an optimisation.
 *
 * When the database is unreachable (or no service-role key is configured) everything
 * degrades to in-process state: answers are served without the shared cache, the rate
 * limit is per instance and the upstream spacing is kept by the in-process throttle.
 * A failing database is skipped for a few seconds so requests do not wait on it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';

export interface SlotClaim {
  granted: boolean;
  waitMs: number;
}

export interface SharedState {
  /** Cached values for the keys found (unexpired). */
  cacheGet(keys: string[]): Promise<Map<string, unknown>>;
  cachePut(entries: { key: string; value: unknown }[], ttlSeconds: number): Promise<void>;
  /** Takes one token from `bucket` (capacity tokens, refilled at refillPerSecond). */
  takeToken(
    bucket: string,
    capacity: number,
    refillPerSecond: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Reserves the upstream's next request slot; null when the shared state is unreachable. */
  claimSlot(upstream: string, minIntervalMs: number, maxWaitMs: number): Promise<SlotClaim | null>;
}

const DB_TIMEOUT_MS = 1000;
const DB_RETRY_AFTER_FAILURE_MS = 5000;
const MEMORY_CACHE_ENTRIES = 5000;
const MEMORY_CACHE_MAX_MS = 60_000;
const RPC_BATCH = 1000;

export function createSharedState(
  config: Pick<ApiConfig, 'supabaseUrl' | 'supabaseServiceRoleKey'>,
): SharedState {
  const db: SupabaseClient | null = config.supabaseServiceRoleKey
    ? createClient(config.supabaseUrl, config.supabaseServiceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      })
    : null;
  if (!db)
    console.warn(
      'api: SUPABASE_SERVICE_ROLE_KEY is not set: cache and rate limits are per instance only',
    );

  let skipDbUntil = 0;
  /** Calls a service_role-only SQL function; null when the database cannot answer now. */
  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T | null> {
    if (!db || Date.now() < skipDbUntil) return null;
    try {
      const answer = await db.rpc(name, args).abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      const { error } = answer;
      // The SQL functions' results have no generated types: the caller names what it reads.
      if (!error) return answer.data as T;
      console.warn(`api: shared state ${name} failed: ${error.code ?? ''} ${error.message}`);
    } catch (error) {
      console.warn(`api: shared state ${name} failed: ${(error as Error).message}`);
    }
    skipDbUntil = Date.now() + DB_RETRY_AFTER_FAILURE_MS;
    return null;
  }

  const memory = new Map<string, { value: unknown; until: number }>();
  const remember = (key: string, value: unknown, ttlSeconds: number) => {
    memory.delete(key);
    memory.set(key, {
      value,
      until: Date.now() + Math.min(ttlSeconds * 1000, MEMORY_CACHE_MAX_MS),
    });
    while (memory.size > MEMORY_CACHE_ENTRIES) memory.delete(memory.keys().next().value!);
  };

  const localBuckets = new Map<string, { tokens: number; at: number }>();

  return {
    async cacheGet(keys) {
      const found = new Map<string, unknown>();
      const missing: string[] = [];
      const now = Date.now();
      for (const key of new Set(keys)) {
        const hit = memory.get(key);
        if (hit && hit.until > now) found.set(key, hit.value);
        else missing.push(key);
      }
      for (let start = 0; start < missing.length; start += RPC_BATCH) {
        const rows = await rpc<{ key: string; value: unknown }[]>('upstream_cache_get', {
          cache_keys: missing.slice(start, start + RPC_BATCH),
        });
        if (!rows) break;
        for (const row of rows) {
          found.set(row.key, row.value);
          remember(row.key, row.value, 60);
        }
      }
      return found;
    },

    async cachePut(entries, ttlSeconds) {
      for (const { key, value } of entries) remember(key, value, ttlSeconds);
      for (let start = 0; start < entries.length; start += RPC_BATCH) {
        const done = await rpc('upstream_cache_put', {
          entries: entries.slice(start, start + RPC_BATCH),
          ttl_seconds: ttlSeconds,
        });
        if (done === null) break;
      }
    },

    async takeToken(bucket, capacity, refillPerSecond) {
      const rows = await rpc<{ allowed: boolean; retry_after_seconds: number }[]>(
        'rate_limit_take',
        {
          bucket_key: bucket,
          capacity,
          refill_per_second: refillPerSecond,
        },
      );
      if (rows?.[0])
        return { allowed: rows[0].allowed, retryAfterSeconds: rows[0].retry_after_seconds };
      // The same token bucket, in this instance only.
      const now = Date.now();
      const state = localBuckets.get(bucket) ?? { tokens: capacity, at: now };
      const tokens = Math.min(capacity, state.tokens + ((now - state.at) / 1000) * refillPerSecond);
      localBuckets.delete(bucket);
      localBuckets.set(bucket, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
      while (localBuckets.size > 10_000) localBuckets.delete(localBuckets.keys().next().value!);
      return tokens >= 1
        ? { allowed: true, retryAfterSeconds: 0 }
        : {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerSecond)),
          };
    },

    async claimSlot(upstream, minIntervalMs, maxWaitMs) {
      const rows = await rpc<{ granted: boolean; wait_ms: number }[]>('upstream_claim_slot', {
        upstream_name: upstream,
        min_interval_ms: minIntervalMs,
        max_wait_ms: maxWaitMs,
      });
      return rows?.[0] ? { granted: rows[0].granted, waitMs: rows[0].wait_ms } : null;
    },
  };
}

/** In-process single flight: concurrent calls with the same key share one execution. */
export function createSingleFlight() {
  const inFlight = new Map<string, Promise<unknown>>();
  return function singleFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const started = run().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
