// The proxies' shared state (cache, rate-limit buckets, upstream slots): private
// tables that no API role can touch, and four security-definer functions that only
// service_role may execute (else anyone could poison the cache through the Data API).
import { expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import {
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  outcome,
  SQLSTATE,
  userClaims,
} from './harness';

const FUNCTIONS = [
  `public.upstream_cache_get(array['k'])`,
  `public.upstream_cache_put('[{"key":"k","value":1}]'::jsonb, 60)`,
  `public.rate_limit_take('b', 1, 1)`,
  `public.upstream_claim_slot('u', 1000, 1000)`,
];
const TABLES = ['private.upstream_cache', 'private.rate_limit_buckets', 'private.upstream_slots'];
const someone = userClaims('00000000-0000-4000-8000-000000000001', 'someone@example.com');

describeOnEveryBackend('Proxy cache and rate limits (private state)', (db) => {
  it('lets neither anon nor authenticated execute the state functions', async () => {
    for (const [role, claims] of [
      ['anon', { role: 'anon' }],
      ['authenticated', someone],
    ] as const) {
      for (const call of FUNCTIONS) {
        const result = await asRoleRolledBack(db(), role, claims, (tx) =>
          outcome(tx.query(`select * from ${call}`)),
        );
        expect(result.code, `${role}: ${call}`).toBe(SQLSTATE.insufficientPrivilege);
      }
    }
  });

  it('lets no API role read or write the private tables directly, not even service_role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      for (const table of TABLES) {
        const result = await asRoleRolledBack(
          db(),
          role,
          role === 'authenticated' ? someone : { role },
          (tx) => outcome(tx.query(`select * from ${table}`)),
        );
        expect(result.code, `${role}: ${table}`).toBe(SQLSTATE.insufficientPrivilege);
      }
    }
  });

  it('makes every state function a security definer with an empty search_path', async () => {
    const rows = await db().admin.query<{ name: string; prosecdef: boolean; proconfig: string[] }>(
      `select proname as name, prosecdef, proconfig from pg_proc
       where pronamespace = 'public'::regnamespace
         and proname in ('upstream_cache_get', 'upstream_cache_put', 'rate_limit_take', 'upstream_claim_slot')`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.prosecdef, row.name).toBe(true);
      expect(row.proconfig, row.name).toContain('search_path=""');
    }
  });

  it('caches with an expiry for service_role', async () => {
    const key = `test:${Math.random()}`;
    await asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
      tx.query(`select public.upstream_cache_put($1::text::jsonb, 60)`, [
        JSON.stringify([{ key, value: { answer: [1, 2] } }]),
      ]),
    );
    const rows = await asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
      tx.query(`select * from public.upstream_cache_get(array[$1])`, [key]),
    );
    expect(rows).toEqual([{ key, value: { answer: [1, 2] } }]);
    await db().admin.query(
      `update private.upstream_cache set expires_at = now() - interval '1 second' where key = $1`,
      [key],
    );
    const expired = await asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
      tx.query(`select * from public.upstream_cache_get(array[$1])`, [key]),
    );
    expect(expired).toEqual([]);
  });

  it('counts tokens: capacity, then refusal with the seconds until the next token', async () => {
    const bucket = `test:${Math.random()}`;
    const take = () =>
      asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
        tx.query<{ allowed: boolean; retry_after_seconds: number }>(
          `select * from public.rate_limit_take($1, 2, 0.5)`,
          [bucket],
        ),
      );
    expect((await take())[0]).toEqual({ allowed: true, retry_after_seconds: 0 });
    expect((await take())[0]).toEqual({ allowed: true, retry_after_seconds: 0 });
    const refused = (await take())[0];
    expect(refused.allowed).toBe(false);
    expect(refused.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(2);
  });

  it('hands out upstream slots min_interval apart and refuses one beyond max_wait', async () => {
    const upstream = `test:${Math.random()}`;
    const claim = (maxWait: number) =>
      asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
        tx.query<{ granted: boolean; wait_ms: number }>(
          `select * from public.upstream_claim_slot($1, 1000, $2)`,
          [upstream, maxWait],
        ),
      );
    expect((await claim(5000))[0]).toEqual({ granted: true, wait_ms: 0 });
    const second = (await claim(5000))[0];
    expect(second.granted).toBe(true);
    expect(second.wait_ms).toBeGreaterThan(800);
    expect(second.wait_ms).toBeLessThanOrEqual(1000);
    const third = (await claim(1200))[0];
    expect(third.granted).toBe(false);
    expect(third.wait_ms).toBeGreaterThan(1200);
    // A refused claim reserves nothing: the next slot is still the third one.
    expect((await claim(5000))[0].wait_ms).toBeLessThanOrEqual(2000);
  });

  it('answers the Data API: service_role (secret key) may call the functions, the publishable key may not', async () => {
    const rpc = (key: string, bearer?: string) =>
      db().fetch(
        new Request('http://localhost/rest/v1/rpc/rate_limit_take', {
          method: 'POST',
          headers: {
            apikey: key,
            'content-type': 'application/json',
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          },
          body: JSON.stringify({
            bucket_key: `rest:${Math.random()}`,
            capacity: 5,
            refill_per_second: 1,
          }),
        }),
      );
    const asService = await rpc(localKeys.secretKey);
    expect(asService.status).toBe(200);
    expect(await asService.json()).toEqual([{ allowed: true, retry_after_seconds: 0 }]);
    const asAnon = await rpc(localKeys.publishableKey);
    expect([401, 403, 404]).toContain(asAnon.status);
  });

  it('stores and reads back a cached answer with the secret (service_role) key', async () => {
    const key = `rest:${Math.random()}`;
    const rpc = (name: string, body: unknown) =>
      db().fetch(
        new Request(`http://localhost/rest/v1/rpc/${name}`, {
          method: 'POST',
          headers: { apikey: localKeys.secretKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const put = await rpc('upstream_cache_put', {
      entries: [{ key, value: { answer: [{ display_name: 'x' }] } }],
      ttl_seconds: 60,
    });
    expect(put.status, await put.clone().text()).toBeLessThan(300);
    const got = await rpc('upstream_cache_get', { cache_keys: [key] });
    expect(await got.json()).toEqual([{ key, value: { answer: [{ display_name: 'x' }] } }]);
  });
});
