// Serves supabase/functions/api with the real Deno runtime (the npm `deno` package), supervised
// as a hosted platform runs a function: an exit is logged and the function started again
// (supervise.mjs), and the function ends with the process that started it (function-entry.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { functionEntry, projectRoot } from './settings.mjs';
import { endStaleFunctions } from './stale-function.mjs';
import { supervise } from './supervise.mjs';

const denoBin = path.join(projectRoot, 'node_modules', '.bin', 'deno');
const functionDir = path.join(projectRoot, 'supabase', 'functions', 'api');

/**
 * @param {number} port
 * @param {Record<string, string>} env
 * @param {boolean} quiet
 */
function spawnFunction(port, env, quiet) {
  return spawn(
    denoBin,
    [
      'run',
      '--quiet',
      '--allow-net',
      '--allow-env',
      `--allow-read=${path.join(projectRoot, 'supabase', 'functions')}`,
      '--config',
      path.join(functionDir, 'deno.json'),
      functionEntry,
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' },
      // stdin: the pipe end-with-parent.ts watches; it closes when this process ends.
      stdio: ['pipe', quiet ? 'ignore' : 'inherit', 'pipe'],
    },
  );
}

/**
 * @param {{port: number, env: Record<string, string>, quiet?: boolean, readyTimeoutMs?: number}} options
 */
export async function startFunctions({ port, env, quiet = false, readyTimeoutMs = 180_000 }) {
  const url = `http://127.0.0.1:${port}`;
  const ended = await endStaleFunctions(port);
  if (ended.length > 0 && !quiet)
    console.error(
      `Ended a stale api function left running on port ${port} (process ${ended.join(', ')}).`,
    );
  const child = spawnFunction(port, env, quiet);
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
  // Whatever ends this process, the function's process ends with it (never left holding its
  // port); end-with-parent.ts covers the ends that run no code here (SIGKILL).
  /** @type {import('node:child_process').ChildProcess} */
  let running = child;
  const killOnExit = () => running.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    /** @type {Promise<undefined>} */
    const tick = new Promise((r) => setTimeout(() => r(undefined), 250));
    const exitCode = await Promise.race([exited, tick]);
    if (exitCode !== undefined) {
      process.off('exit', killOnExit);
      throw new Error(`The api function exited (code ${exitCode}):\n${stderr.trimEnd()}`);
    }
    if (await isHealthy(url)) {
      ready = true;
      if (!quiet && stderr) process.stderr.write(stderr);
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      process.off('exit', killOnExit);
      throw new Error(
        `The api function did not start within ${readyTimeoutMs} ms:\n${stderr.trimEnd()}`,
      );
    }
  }

  const supervisor = supervise(child, {
    name: 'The api function',
    start: () => {
      const next = spawnFunction(port, env, quiet);
      if (!quiet)
        next.stderr.on('data', (/** @type {Buffer} */ chunk) => process.stderr.write(chunk));
      else next.stderr.resume();
      return next;
    },
    log: (line) => {
      if (!quiet) console.error(line);
    },
    onRestart: (next) => {
      running = next;
      if (!quiet)
        void waitUntilHealthy(url, next).then((healthy) => {
          if (healthy) console.error('The api function is running again.');
        });
    },
  });
  return {
    url,
    /** the Deno process running now (the load benchmark reads its CPU time) */
    get pid() {
      return supervisor.child.pid;
    },
    stop: async () => {
      await supervisor.stop();
      process.off('exit', killOnExit);
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

/**
 * True once the function answers, false if its process exits first.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitUntilHealthy(url, child) {
  while (child.exitCode === null && child.signalCode === null) {
    if (await isHealthy(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
