import { describe, expect, it } from 'vitest';
import { createAbortableSingleFlight } from './abortable-flight.ts';

/** A run that resolves when told to, and records whether its signal was aborted. */
function controllable<T>() {
  let finish!: (value: T) => void;
  const runs: AbortSignal[] = [];
  const run = (signal: AbortSignal) => {
    runs.push(signal);
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      // Like a fetch that is aborted: it rejects with the signal's reason.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the reason as given
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  };
  return { run, runs, finish: (value: T) => finish(value) };
}

describe('createAbortableSingleFlight', () => {
  it('shares one execution between concurrent callers of the same key', async () => {
    const join = createAbortableSingleFlight();
    const work = controllable<string>();
    const a = join('k', work.run, new AbortController().signal);
    const b = join('k', work.run);
    work.finish('answer');
    await expect(a).resolves.toBe('answer');
    await expect(b).resolves.toBe('answer');
    expect(work.runs).toHaveLength(1);
  });

  it('lets a caller leave at once and keeps the execution for the others', async () => {
    const join = createAbortableSingleFlight();
    const work = controllable<string>();
    const leaving = new AbortController();
    const a = join('k', work.run, leaving.signal);
    const b = join('k', work.run, new AbortController().signal);
    leaving.abort(new DOMException('superseded', 'AbortError'));
    await expect(a).rejects.toThrow('superseded');
    expect(work.runs[0].aborted).toBe(false);
    work.finish('answer');
    await expect(b).resolves.toBe('answer');
  });

  it('aborts the execution when the last caller has left, and starts afresh for the next', async () => {
    const join = createAbortableSingleFlight();
    const work = controllable<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = join('k', work.run, first.signal);
    const b = join('k', work.run, second.signal);
    first.abort(new DOMException('gone', 'AbortError'));
    second.abort(new DOMException('gone', 'AbortError'));
    await expect(a).rejects.toThrow('gone');
    await expect(b).rejects.toThrow('gone');
    expect(work.runs[0].aborted).toBe(true);
    const c = join('k', work.run);
    expect(work.runs).toHaveLength(2);
    work.finish('fresh');
    await expect(c).resolves.toBe('fresh');
  });

  it('never starts for a caller that has already given up', async () => {
    const join = createAbortableSingleFlight();
    const work = controllable<string>();
    const gone = new AbortController();
    gone.abort(new DOMException('gone', 'AbortError'));
    await expect(join('k', work.run, gone.signal)).rejects.toThrow('gone');
    expect(work.runs).toHaveLength(0);
  });

  it('keeps going while a caller without a signal waits', async () => {
    const join = createAbortableSingleFlight();
    const work = controllable<string>();
    const leaving = new AbortController();
    const a = join('k', work.run, leaving.signal);
    const b = join('k', work.run);
    leaving.abort(new DOMException('gone', 'AbortError'));
    await expect(a).rejects.toThrow('gone');
    expect(work.runs[0].aborted).toBe(false);
    work.finish('kept');
    await expect(b).resolves.toBe('kept');
  });
});
