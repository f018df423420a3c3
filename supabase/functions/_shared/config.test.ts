import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
const required = { SUPABASE_URL: 'https://project.supabase.co/', SUPABASE_ANON_KEY: 'anon' };

describe('readConfig', () => {
  it('has the production defaults of the configuration table (limits, timeouts, upstream policy)', () => {
    expect(readConfig(env(required))).toMatchObject({
      supabaseUrl: 'https://project.supabase.co',
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      osrmUrl: 'https://router.project-osrm.org',
      photonUrl: 'https://photon.komoot.io',
      photonLanguages: ['de', 'en', 'fr'],
      upstreamMinIntervalMs: 1000,
      upstreamMaxWaitMs: 5000,
      geocoderTimeoutMs: 8000,
      routerTimeoutMs: 8000,
      geocodingRateLimitPerMinute: 60,
      routingRateLimitPerMinute: 60,
      geocodingCacheTtlSeconds: 7 * 24 * 3600,
      routingCacheTtlSeconds: 24 * 3600,
      supabaseServiceRoleKey: null,
      supabasePublicUrl: 'https://project.supabase.co',
      driverReportRateLimitPerMinute: 60,
      proofSweepIntervalSeconds: 3600,
    });
  });

  it('takes the public Supabase URL and the driver link limit, and names a malformed one', () => {
    expect(
      readConfig(
        env({
          ...required,
          SUPABASE_PUBLIC_URL: 'http://localhost:5173/',
          DRIVER_REPORT_RATE_LIMIT_PER_MINUTE: '0',
        }),
      ),
    ).toMatchObject({
      supabasePublicUrl: 'http://localhost:5173',
      driverReportRateLimitPerMinute: 0,
    });
    expect(() => readConfig(env({ ...required, SUPABASE_PUBLIC_URL: 'ftp://x' }))).toThrow(
      /SUPABASE_PUBLIC_URL must be an http/,
    );
    expect(() =>
      readConfig(env({ ...required, DRIVER_REPORT_RATE_LIMIT_PER_MINUTE: '60/min' })),
    ).toThrow(/DRIVER_REPORT_RATE_LIMIT_PER_MINUTE must be a whole number/);
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

  it('reads the Photon instance and its languages', () => {
    expect(
      readConfig(
        env({ ...required, PHOTON_URL: 'http://photon.local:2322/', PHOTON_LANGUAGES: 'en, es' }),
      ),
    ).toMatchObject({ photonUrl: 'http://photon.local:2322', photonLanguages: ['en', 'es'] });
    expect(() => readConfig(env({ ...required, PHOTON_LANGUAGES: 'english' }))).toThrow(
      'PHOTON_LANGUAGES must be two-letter language codes separated by commas (e.g. de,en,fr), got "english"',
    );
  });

  it('limits password reset requests to 5 an hour by default; 0 turns it off; a unit is refused', () => {
    expect(readConfig(env(required)).passwordResetRateLimitPerHour).toBe(5);
    expect(
      readConfig(env({ ...required, PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '0' }))
        .passwordResetRateLimitPerHour,
    ).toBe(0);
    expect(() =>
      readConfig(env({ ...required, PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '5/h' })),
    ).toThrow(/PASSWORD_RESET_RATE_LIMIT_PER_HOUR/);
  });

  it('refuses to start without the Supabase settings', () => {
    expect(() => readConfig(env({ SUPABASE_URL: 'https://project.supabase.co' }))).toThrow(
      /SUPABASE_ANON_KEY/,
    );
  });

  it('stops on a value with a unit, naming the variable and the value (was NaN: gate off)', () => {
    expect(() => readConfig(env({ ...required, UPSTREAM_MIN_INTERVAL_MS: '1s' }))).toThrow(
      'UPSTREAM_MIN_INTERVAL_MS must be a whole number of milliseconds from 0 to 500000, got "1s"',
    );
  });

  it('stops on a rate limit written as "60/min" (was NaN: limit off)', () => {
    expect(() =>
      readConfig(env({ ...required, GEOCODING_RATE_LIMIT_PER_MINUTE: '60/min' })),
    ).toThrow(
      'GEOCODING_RATE_LIMIT_PER_MINUTE must be a whole number of requests per minute from 0 (off) to 1000000000, got "60/min"',
    );
  });

  it('lists every malformed variable at once, one line each', () => {
    let thrown: unknown;
    try {
      readConfig(
        env({
          ...required,
          ROUTING_RATE_LIMIT_PER_MINUTE: '-1',
          ROUTER_TIMEOUT_MS: '8e3',
          GEOCODER_TIMEOUT_MS: '0',
          ROUTER_MAX_WAYPOINTS: '1',
          ROUTER_TABLE_MAX_COORDINATES: '1.5',
          UPSTREAM_MAX_WAIT_MS: 'NaN',
          ROUTING_CACHE_TTL_SECONDS: '3000000',
          PROOF_SWEEP_INTERVAL_SECONDS: '3601',
          OSRM_URL: 'router.local:5000',
          SITE_URL: 'ftp://example.com',
        }),
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems.map((line) => line.split(' ')[0]).sort()).toEqual(
      [
        'GEOCODER_TIMEOUT_MS',
        'OSRM_URL',
        'PROOF_SWEEP_INTERVAL_SECONDS',
        'ROUTER_MAX_WAYPOINTS',
        'ROUTER_TABLE_MAX_COORDINATES',
        'ROUTER_TIMEOUT_MS',
        'ROUTING_CACHE_TTL_SECONDS',
        'ROUTING_RATE_LIMIT_PER_MINUTE',
        'SITE_URL',
        'UPSTREAM_MAX_WAIT_MS',
      ].sort(),
    );
    expect(problems).toContain(
      'ROUTER_MAX_WAYPOINTS must be a whole number of waypoints from 2 to 10000, got "1"',
    );
    expect(problems).toContain(
      'OSRM_URL must be an http:// or https:// URL, got "router.local:5000"',
    );
    expect((thrown as Error).message).toBe(
      `Invalid configuration of the api function:\n  ${problems.join('\n  ')}`,
    );
  });

  it('never shows the value of a secret variable', () => {
    expect(() =>
      readConfig(env({ ...required, API_DATABASE_URL: 'mysql://admin:hunter2@db/x' })),
    ).toThrow(
      /^(?!.*hunter2)[\s\S]*API_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL$/,
    );
  });

  it('treats an empty value as unset (the default applies) and trims spaces', () => {
    expect(
      readConfig(env({ ...required, UPSTREAM_MIN_INTERVAL_MS: '', ROUTER_TIMEOUT_MS: ' 2500 ' })),
    ).toMatchObject({ upstreamMinIntervalMs: 1000, routerTimeoutMs: 2500 });
  });

  it('accepts the bounds themselves', () => {
    expect(
      readConfig(
        env({
          ...required,
          UPSTREAM_MIN_INTERVAL_MS: '0',
          ROUTER_MAX_WAYPOINTS: '2',
          ROUTING_CACHE_TTL_SECONDS: '2592000',
          API_DATABASE_URL: 'postgresql://u:p@localhost:5432/postgres',
        }),
      ),
    ).toMatchObject({
      upstreamMinIntervalMs: 0,
      routerMaxWaypoints: 2,
      routingCacheTtlSeconds: 2592000,
      databaseUrl: 'postgresql://u:p@localhost:5432/postgres',
    });
  });
});
