import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { nextDriveLog, readDriveLog } from './drive-log';

const stops = (...statuses: (Stop['status'] | undefined)[]) =>
  statuses.map((status) => (status ? { status } : {}));

describe('the drive log', () => {
  it('starts at the first hand-off or status, and keeps that start', () => {
    const started = nextDriveLog(undefined, { kind: 'handOff' }, 100);
    expect(started).toEqual({ startedAt: 100 });
    expect(nextDriveLog(started, { kind: 'handOff' }, 200)).toBe(started);
    expect(
      nextDriveLog(started, { kind: 'statuses', stops: stops('done', undefined) }, 300),
    ).toEqual({ startedAt: 100 });
    expect(
      nextDriveLog(undefined, { kind: 'statuses', stops: stops('done', undefined) }, 50),
    ).toEqual({ startedAt: 50 });
  });

  it('finishes when the last stop still to do is settled, once', () => {
    const finished = nextDriveLog(
      { startedAt: 100 },
      { kind: 'statuses', stops: stops('done', 'skipped') },
      900,
    );
    expect(finished).toEqual({ startedAt: 100, finishedAt: 900 });
    // A note saved afterwards (the same statuses) keeps the finish.
    expect(
      nextDriveLog(finished, { kind: 'statuses', stops: stops('done', 'skipped') }, 990),
    ).toEqual(finished);
  });

  it('opens the day again on an undo, and forgets everything on Start over', () => {
    const finished = { startedAt: 100, finishedAt: 900 };
    expect(
      nextDriveLog(finished, { kind: 'statuses', stops: stops('done', undefined) }, 950),
    ).toEqual({ startedAt: 100 });
    expect(nextDriveLog(finished, { kind: 'startOver' }, 1000)).toBeUndefined();
  });

  it('reads back only what it wrote', () => {
    expect(readDriveLog({ startedAt: 1, finishedAt: 5 })).toEqual({ startedAt: 1, finishedAt: 5 });
    expect(readDriveLog({ startedAt: 1, finishedAt: 0 })).toEqual({ startedAt: 1 });
    expect(readDriveLog({ startedAt: '1' })).toBeUndefined();
    expect(readDriveLog(null)).toBeUndefined();
  });
});
