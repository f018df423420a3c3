// Serves supabase/functions/api with the real Deno runtime (the npm `deno` package).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './settings.mjs';

const denoBin = path.join(projectRoot, 'node_modules', '.bin', 'deno');
const functionDir = path.join(projectRoot, 'supabase', 'functions', 'api');

/**
 * @param {{port: number, env: Record<string, string>, quiet?: boolean, readyTimeoutMs?: number}} options
 */
export async function startFunctions({ port, env, quiet = false, readyTimeoutMs = 180_000 }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    denoBin,
    [
      'run',
      '--quiet',
      '--allow-net',
      '--allow-env',
      `--allow-read=${path.join(projectRoot, 'supabase', 'functions')}`,
      '--config',
      path.join(functionDir, 'deno.json'),
      path.join(functionDir, 'index.ts'),
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
    },
  );
  // Until the function answers, its output is kept: a function that fails to start (a
  // malformed setting, say) is reported once, in the error below, instead of twice.
  let stderr = '';
  let ready = false;
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (!quiet && ready) process.stderr.write(chunk);
  });
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  // Whatever ends this process, the function's process ends with it (never left holding its port).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    /** @type {Promise<undefined>} */
    const tick = new Promise((r) => setTimeout(() => r(undefined), 250));
    const exitCode = await Promise.race([exited, tick]);
    if (exitCode !== undefined)
      throw new Error(`The api function exited (code ${exitCode}):\n${stderr.trimEnd()}`);
    if (await isHealthy(url)) {
      ready = true;
      if (!quiet && stderr) process.stderr.write(stderr);
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The api function did not start within ${readyTimeoutMs} ms:\n${stderr.trimEnd()}`,
      );
    }
  }
  return {
    url,
    /** the Deno process (the load benchmark reads its CPU time) */
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** @param {string} url */
async function isHealthy(url) {
  try {
    const response = await fetch(`${url}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}
