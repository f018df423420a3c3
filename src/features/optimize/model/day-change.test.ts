import { describe, expect, it } from 'vitest';
import { dayChange } from './day-change.ts';
import type { OrderFigures } from './day-order.ts';

const MIN = 60_000;
const before: OrderFigures = {
  lockBreaks: 1,
  lateStops: 2,
  lateness: 40 * MIN,
  distance: 22_000,
  finish: 10 * 60 * MIN,
  waiting: 30 * MIN,
};

describe('dayChange', () => {
  it('windows kept at a price: fewer late stops and less waiting, for more driving', () => {
    // The walkthrough's day: 22 → 25 km once the windows are met.
    const after = { ...before, lateStops: 0, lateness: 0, waiting: 5 * MIN, distance: 25_000 };
    expect(dayChange(before, after)).toEqual({
      gains: [
        { kind: 'fewer-late', count: 2 },
        { kind: 'less-waiting', ms: 25 * MIN },
      ],
      costs: [{ kind: 'longer', metres: 3_000 }],
    });
  });

  it('locks kept, less late at the same late stops, an earlier finish and less driving', () => {
    const after = {
      ...before,
      lockBreaks: 0,
      lateness: 10 * MIN,
      finish: before.finish - 15 * MIN,
      distance: 16_500,
    };
    expect(dayChange(before, after).gains).toEqual([
      { kind: 'locks', count: 1 },
      { kind: 'less-late', ms: 30 * MIN },
      { kind: 'earlier', ms: 15 * MIN },
      { kind: 'shorter', metres: 5_500, percent: 25 },
    ]);
  });

  it('a later finish and more waiting are costs; changes under a minute or 50 m are not news', () => {
    const after = {
      ...before,
      lateStops: 1,
      finish: before.finish + 20 * MIN,
      waiting: before.waiting + 20 * MIN,
      distance: before.distance + 49,
    };
    expect(dayChange(before, after)).toEqual({
      gains: [{ kind: 'fewer-late', count: 1 }],
      costs: [
        { kind: 'more-waiting', ms: 20 * MIN },
        { kind: 'later', ms: 20 * MIN },
      ],
    });
    expect(dayChange(before, { ...before, finish: before.finish + 59_000 })).toEqual({
      gains: [],
      costs: [],
    });
  });
});
