import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({ VITE_SUPABASE_ANON_KEY: 'anon' })).toEqual({
      supabaseUrl: undefined,
      supabaseAnonKey: 'anon',
      apiUrl: '/api',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      googleClientId: undefined,
    });
  });

  it('keeps configured values and drops a trailing slash from the API base', () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'anon',
      VITE_API_URL: 'https://abc.supabase.co/functions/v1/api/',
      VITE_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      VITE_GOOGLE_CLIENT_ID: 'client-id',
    });
    expect(env.supabaseUrl).toBe('https://abc.supabase.co');
    expect(env.apiUrl).toBe('https://abc.supabase.co/functions/v1/api');
    expect(env.tileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(env.googleClientId).toBe('client-id');
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({
      VITE_SUPABASE_ANON_KEY: 'anon',
      VITE_SUPABASE_URL: '',
      VITE_API_URL: ' ',
    });
    expect(env.supabaseUrl).toBeUndefined();
    expect(env.apiUrl).toBe('/api');
  });

  it('fails with a message naming the missing anon key', () => {
    expect(() => parseEnv({})).toThrow(EnvError);
    expect(() => parseEnv({ VITE_SUPABASE_ANON_KEY: '' })).toThrow(
      /VITE_SUPABASE_ANON_KEY is not set/,
    );
  });

  it('rejects a Supabase URL that is not a URL', () => {
    expect(() =>
      parseEnv({ VITE_SUPABASE_ANON_KEY: 'anon', VITE_SUPABASE_URL: 'not a url' }),
    ).toThrow(/VITE_SUPABASE_URL/);
  });
});

describe('parseEnv, more rules', () => {
  it('rejects a Supabase URL that is not http(s) and names every problem at once', () => {
    let error: unknown;
    try {
      parseEnv({ VITE_SUPABASE_URL: 'ftp://files.example' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/VITE_SUPABASE_URL/);
    expect((error as Error).message).toMatch(/VITE_SUPABASE_ANON_KEY is not set/);
  });

  it('trims values', () => {
    expect(
      parseEnv({ VITE_SUPABASE_ANON_KEY: ' anon ', VITE_GOOGLE_CLIENT_ID: ' id ' }),
    ).toMatchObject({
      supabaseAnonKey: 'anon',
      googleClientId: 'id',
    });
  });
});
