import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { apiUrl, call } from './client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const deno = path.join(root, 'node_modules/.bin/deno');
const config = path.join(root, 'supabase/functions/api/deno.json');
const entry = path.join(root, 'supabase/functions/api/index.ts');

/**
 * Runs Deno without blocking this worker: a synchronous spawn stops the event loop for seconds,
 * past the gateway's keep-alive timeout, and the next request then goes out on a connection the
 * gateway has closed meanwhile ("other side closed").
 */
function runDeno(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(deno, args, { cwd: root, encoding: 'utf8', ...options }, (error, stdout, stderr) => {
      const code = error ? (error as { code?: unknown }).code : 0;
      resolve({ status: typeof code === 'number' ? code : null, stdout, stderr });
    });
  });
}

describe('the api function on the real Deno runtime', () => {
  it('is served by Deno behind the gateway', async () => {
    expect(apiUrl()).toMatch(/\/functions\/v1\/api$/);
    expect(await call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reads itineraries over its own Postgres connection when the stack runs on one',
    async () => {
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        expect(
          (await call('GET', '/itineraries/share/not-a-real-token-not-a-real-token')).status,
        ).toBe(404);
        const [{ count }] =
          await admin`select count(*)::int as count from pg_stat_activity where application_name = 'route-planner-api'`;
        expect(count).toBeGreaterThan(0);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
  );

  it('type-checks under Deno', async () => {
    const result = await runDeno(['check', '--quiet', '--config', config, entry]);
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without its Supabase settings, saying which', async () => {
    const result = await runDeno(
      ['run', '--quiet', '--allow-env', '--allow-net', '--config', config, entry],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' }, timeout: 60_000 },
    );
    expect(result.status).toBe(1);
    // One line per missing variable, naming it, and no stack trace.
    expect(result.stderr.trim()).toBe(
      [
        'api: Invalid configuration of the api function:',
        '  SUPABASE_URL must be set (an http:// or https:// URL)',
        '  SUPABASE_ANON_KEY must be set',
      ].join('\n'),
    );
  });

  it('answers unknown paths with a JSON 404', async () => {
    expect(await call('GET', '/no-such-endpoint')).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
  });
});
