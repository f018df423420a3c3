import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
const required = { SUPABASE_URL: 'https://project.supabase.co/', SUPABASE_ANON_KEY: 'anon' };

describe('readConfig', () => {
  it('has the production defaults the README documents (limits, timeouts, upstream policy)', () => {
    expect(readConfig(env(required))).toMatchObject({
      supabaseUrl: 'https://project.supabase.co',
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      osrmUrl: 'https://router.project-osrm.org',
      upstreamMinIntervalMs: 1000,
      upstreamMaxWaitMs: 5000,
      geocoderTimeoutMs: 8000,
      routerTimeoutMs: 8000,
      geocodingRateLimitPerMinute: 60,
      routingRateLimitPerMinute: 60,
      geocodingCacheTtlSeconds: 7 * 24 * 3600,
      routingCacheTtlSeconds: 24 * 3600,
      supabaseServiceRoleKey: null,
    });
  });

  it('takes each setting from the environment', () => {
    const config = readConfig(
      env({
        ...required,
        ROUTER_TIMEOUT_MS: '2000',
        GEOCODER_TIMEOUT_MS: '1500',
        GEOCODING_RATE_LIMIT_PER_MINUTE: '0',
      }),
    );
    expect(config).toMatchObject({
      routerTimeoutMs: 2000,
      geocoderTimeoutMs: 1500,
      geocodingRateLimitPerMinute: 0,
    });
  });

  it('refuses to start without the Supabase settings', () => {
    expect(() => readConfig(env({ SUPABASE_URL: 'https://project.supabase.co' }))).toThrow(
      /SUPABASE_ANON_KEY/,
    );
  });
});
