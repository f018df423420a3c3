// Keeps a child process running the way a hosted platform keeps a function running: when it
// exits without being asked to, the exit is logged and the process is started again after a
// delay that doubles from 250 ms up to 10 s (and starts over at 250 ms once a run has lasted a
// minute), so a function that crashes at once does not spin the machine.

/**
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 * @typedef {{
 *   name: string,
 *   start: () => ChildProcess,
 *   log?: (line: string) => void,
 *   onRestart?: (child: ChildProcess) => void,
 *   minDelayMs?: number,
 *   maxDelayMs?: number,
 *   stableMs?: number,
 * }} SuperviseOptions
 *   `start` spawns a new process; `onRestart` is called with each process started after an exit.
 */

/**
 * Supervises `first` (already running) and every process `start` makes after it.
 * @param {ChildProcess} first
 * @param {SuperviseOptions} options
 */
export function supervise(
  first,
  {
    name,
    start,
    log = () => {},
    onRestart,
    minDelayMs = 250,
    maxDelayMs = 10_000,
    stableMs = 60_000,
  },
) {
  let child = first;
  let startedAt = Date.now();
  let delayMs = minDelayMs;
  let stopping = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;

  /** @param {ChildProcess} watched */
  const watch = (watched) => {
    watched.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) delayMs = minDelayMs;
      const how = signal ? `was killed (${signal})` : `exited (code ${code})`;
      log(`${name} ${how}; starting it again in ${formatDelay(delayMs)}.`);
      timer = setTimeout(() => {
        timer = null;
        if (stopping) return;
        child = start();
        startedAt = Date.now();
        watch(child);
        onRestart?.(child);
      }, delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    });
  };
  watch(child);

  return {
    /** the process running now (a new one after each restart) */
    get child() {
      return child;
    },
    /** Stops supervising and ends the process: SIGTERM, then SIGKILL after 3 s. */
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await endProcess(child);
    },
  };
}

/** @param {number} ms */
const formatDelay = (ms) => (ms < 1000 ? `${ms} ms` : `${ms / 1000} s`);

/**
 * SIGTERM, then SIGKILL if the process is still there 3 s later.
 * @param {ChildProcess} child
 */
async function endProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}
