/**
 * The page rendered at build time (vite/prerender.ts), kept aside while the app's first render
 * replaces it, so that the parts of the page the first render leaves for later (`Deferred`)
 * show the copy's markup until their turn; and the queue of those later renders, one per task.
 *
 * Why: at start-up on a mid-range phone, rendering a whole page in one task blocks the main
 * thread for 200–300 ms (the total-blocking-time target is 200 ms for the whole load).
 * The first render draws the frame of the page; each deferred part renders in a task of its
 * own after it, in the order of the page (a part's own parts right after it), while the copy's
 * inert markup stands in its place (no blank, no shift). What the copy has nothing for (the
 * header's device controls) and the service worker come after every part.
 */

interface Entry {
  run: () => void;
  cancelled: boolean;
}

/**
 * Where the copy's markup is: the copy itself, then the stand-ins that took parts of it (a part
 * deferred inside another finds its markup in the outer part's stand-in). Empty once the
 * start-up is over.
 */
const sources: Element[] = [];
/** The parts waiting for their task, in the order of the page. */
const parts: Entry[] = [];
/** What runs once every part has rendered. */
const afterParts: Entry[] = [];
/** While a part renders: the parts inside it, to render right after it. */
let inner: Entry[] | null = null;
let scheduled = false;

/** Resolves in a later task: the main thread is free in between (a phone may paint, take input). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** main.tsx: the copy, just removed from the page, before the app's first render. */
export function keepStartupCopy(element: Element): void {
  sources.push(element);
  // Until the start-up is over (the end-to-end tests wait for it: tests/e2e/support/fixtures.ts).
  document.documentElement.setAttribute('data-starting-up', '');
  schedule();
}

/**
 * True while the app's start-up renders (from the first render until every part it deferred
 * has rendered): parts of the page may wait for a later task.
 */
export function isStartingUp(): boolean {
  return sources.length > 0;
}

function findPart(name: string): Element | undefined {
  for (const source of sources) {
    const part = [...source.querySelectorAll('[data-part]')].find(
      (candidate) => candidate.getAttribute('data-part') === name,
    );
    if (part) return part;
  }
  return undefined;
}

/** Whether the copy still has markup for the part `name` (not taken yet). */
export function copyHasPart(name: string): boolean {
  return findPart(name) !== undefined;
}

/** Moves the copy's markup of the part `name` (its wrapper's children) into `standIn`. */
export function takeCopyPart(name: string, standIn: Element): void {
  const part = findPart(name);
  if (!part) return;
  part.removeAttribute('data-part');
  standIn.append(...part.childNodes);
  sources.push(standIn);
}

/**
 * Runs `task` in a task of its own: a part's render in the order of the page, or with
 * `afterParts`, once every part has rendered. One per task, so that the browser may paint and
 * handle input between them. Returns a cancel function.
 */
export function afterStartupRender(
  task: () => void,
  { afterParts: last = false }: { afterParts?: boolean } = {},
): () => void {
  const entry: Entry = { run: task, cancelled: false };
  (last ? afterParts : (inner ?? parts)).push(entry);
  schedule();
  return () => {
    entry.cancelled = true;
  };
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

function next(): Entry | undefined {
  for (const queue of [parts, afterParts]) {
    while (queue.length > 0) {
      const entry = queue.shift()!;
      if (!entry.cancelled) return entry;
    }
  }
  return undefined;
}

function runNext() {
  scheduled = false;
  const entry = next();
  if (entry === undefined) {
    // The last task's renders (synchronous: flushSync) queued nothing more: the start-up is over.
    sources.length = 0;
    document.documentElement.removeAttribute('data-starting-up');
    return;
  }
  const nested: Entry[] = [];
  inner = nested;
  try {
    entry.run();
  } finally {
    // A part that failed to render leaves the others their turn.
    inner = null;
    parts.unshift(...nested);
    schedule();
  }
}
