// The api function checks its configuration at start-up: the local stack (npm start) shows the
// function's message naming the malformed variable, and the function does not serve.
import { describe, expect, it } from 'vitest';
import { startFunctions } from '../../supabase/local/functions.mjs';
import { freePort } from '../../supabase/local/stack.mjs';

describe('a malformed setting stops the api function with a message naming it', () => {
  it('reports UPSTREAM_MIN_INTERVAL_MS=1s and a rate limit of 60/min through the local stack', async () => {
    const port = await freePort();
    const started = startFunctions({
      port,
      quiet: true,
      readyTimeoutMs: 60_000,
      env: {
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_ANON_KEY: 'anon',
        UPSTREAM_MIN_INTERVAL_MS: '1s',
        GEOCODING_RATE_LIMIT_PER_MINUTE: '60/min',
      },
    });
    await expect(started).rejects.toThrow(
      [
        'The api function exited (code 1):',
        'api: Invalid configuration of the api function:',
        '  UPSTREAM_MIN_INTERVAL_MS must be a whole number of milliseconds from 0 to 500000, got "1s"',
        '  GEOCODING_RATE_LIMIT_PER_MINUTE must be a whole number of requests per minute from 0 (off) to 1000000000, got "60/min"',
      ].join('\n'),
    );
    // Nothing listens: the function did not start with the gate or the limit switched off.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 90_000);
});
