/**
 * The page rendered at build time (vite/prerender.ts), kept aside while the app's first render
 * replaces it, so that the parts of the page the first render leaves for later (`Deferred`)
 * show the copy's markup until their turn; and the queue of those later renders, one per task.
 *
 * Why: at start-up on a mid-range phone, rendering a whole page in one task blocks the main
 * thread for 200–300 ms (issue 18's total-blocking-time target is 200 ms for the whole load).
 * The first render draws what the first screen needs; each deferred part renders in a task of
 * its own after it, while the copy's inert markup stands in its place (no blank, no shift).
 */

/**
 * Where the copy's markup is: the copy itself, then the stand-ins that took parts of it (a part
 * deferred inside another finds its markup in the outer part's stand-in). Empty once the
 * start-up is over.
 */
const sources: Element[] = [];
const queue: (() => void)[] = [];
let scheduled = false;

/** main.tsx: the copy, just removed from the page, before the app's first render. */
export function keepStartupCopy(element: Element): void {
  sources.push(element);
  // Until the start-up is over (the end-to-end tests wait for it: tests/e2e/support/fixtures.ts).
  document.documentElement.setAttribute('data-starting-up', '');
}

/**
 * True while the app's start-up renders (from the first render until every part it deferred
 * has rendered): parts of the page may wait for a later task.
 */
export function isStartingUp(): boolean {
  return sources.length > 0;
}

/**
 * Moves the copy's markup of the part `name` (its wrapper's children) into `standIn`; nothing
 * when the copy has no such part (another page, another variant) or it was taken already.
 */
export function takeCopyPart(name: string, standIn: Element): void {
  for (const source of sources) {
    const part = [...source.querySelectorAll('[data-part]')].find(
      (candidate) => candidate.getAttribute('data-part') === name,
    );
    if (!part) continue;
    part.removeAttribute('data-part');
    standIn.append(...part.childNodes);
    sources.push(standIn);
    return;
  }
}

/**
 * Runs `task` in a task of its own once those queued before it have run (one per task, so the
 * browser may paint and handle input between them). Returns a cancel function.
 */
export function afterStartupRender(task: () => void): () => void {
  let cancelled = false;
  queue.push(() => {
    if (!cancelled) task();
  });
  schedule();
  return () => {
    cancelled = true;
  };
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

function runNext() {
  scheduled = false;
  const task = queue.shift();
  if (task === undefined) {
    // The parts that the last task rendered (Preact renders in a microtask after it) queued no
    // more: the start-up is over.
    sources.length = 0;
    document.documentElement.removeAttribute('data-starting-up');
    return;
  }
  task();
  schedule();
}
