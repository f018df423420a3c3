// Finds and ends a Deno process of this project's `api` function left listening on the
// functions port by a local stack that is gone (one started before the function ended with its
// parent, say): without it, the next `npm start` fails with AddrInUse. Linux only (/proc);
// elsewhere nothing is ended and the start fails with that message, as before.
import { readdir, readFile } from 'node:fs/promises';
import { functionEntry, functionIndex } from './settings.mjs';

/** What a local stack runs as the function (older versions of the stack ran its index.ts). */
const ENTRIES = [functionEntry, functionIndex];

/**
 * The process ids of this project's `api` functions serving on `port` whose parent is no
 * longer a Node process (the stack that started them has ended).
 * @param {number} port
 * @returns {Promise<number[]>}
 */
export async function findStaleFunctions(port) {
  if (process.platform !== 'linux') return [];
  const address = `DENO_SERVE_ADDRESS=tcp:127.0.0.1:${port}`;
  /** @type {number[]} */
  const stale = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const command = await readProc(pid, 'cmdline');
    if (!command?.split('\0').some((part) => ENTRIES.includes(part))) continue;
    const environment = await readProc(pid, 'environ');
    if (!environment?.split('\0').includes(address)) continue;
    const parent = parentOf(await readProc(pid, 'stat'));
    const parentCommand = parent ? await readProc(parent, 'cmdline') : null;
    if (!parentCommand || !/(^|\/)node(\0|$)/.test(parentCommand.split('\0')[0] ?? ''))
      stale.push(pid);
  }
  return stale;
}

/**
 * Ends the stale functions on `port` (SIGKILL: they answer to no one) and waits until they
 * are gone; returns their process ids.
 * @param {number} port
 */
export async function endStaleFunctions(port) {
  const stale = await findStaleFunctions(port);
  for (const pid of stale) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const pid of stale) while (isRunning(await readProc(pid, 'stat'))) await sleep(50);
  return stale;
}

/**
 * @param {number} pid
 * @param {'cmdline' | 'environ' | 'stat'} file
 */
async function readProc(pid, file) {
  try {
    return await readFile(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Whether /proc/<pid>/stat describes a process still running (not gone, not a zombie).
 * @param {string | null} stat
 */
const isRunning = (stat) => stat !== null && statFields(stat)[0] !== 'Z';

/**
 * The fields of /proc/<pid>/stat after the name ("pid (name) state ppid ..."; the name may
 * hold spaces and parentheses, so they start after the last one).
 * @param {string} stat
 */
const statFields = (stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/**
 * The parent's process id from /proc/<pid>/stat.
 * @param {string | null} stat
 */
function parentOf(stat) {
  if (!stat) return null;
  const parent = Number(statFields(stat)[1]);
  return Number.isInteger(parent) && parent > 0 ? parent : null;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
