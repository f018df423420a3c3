import { describe, expect, it } from 'vitest';
import { delayAtLastReport, deliveryStops, isRouteStart, reportCounts } from './stop-reports.ts';

describe('reportCounts', () => {
  it('counts each stop by its latest report; a stop without one is to do', () => {
    const latest = new Map([
      ['a', { status: 'delivered' as const }],
      ['b', { status: 'failed' as const }],
      ['gone', { status: 'skipped' as const }],
    ]);
    expect(reportCounts(['a', 'b', 'c'], latest)).toEqual({
      delivered: 1,
      failed: 1,
      skipped: 0,
      toDo: 1,
      total: 3,
    });
  });
});

describe('the route’s start', () => {
  it('is stop 1, never a delivery: a route is done when the stops after it are reported', () => {
    expect([0, 1, 2].map(isRouteStart)).toEqual([true, false, false]);
    expect(deliveryStops(['depot', 'a', 'b'])).toEqual(['a', 'b']);
    expect(deliveryStops(['depot'])).toEqual([]);
    const latest = new Map([
      ['a', { status: 'delivered' as const }],
      ['b', { status: 'failed' as const }],
    ]);
    expect(reportCounts(deliveryStops(['depot', 'a', 'b']), latest)).toEqual({
      delivered: 1,
      failed: 1,
      skipped: 0,
      toDo: 0,
      total: 2,
    });
  });
});

describe('delayAtLastReport', () => {
  const planned = new Map([
    ['a', Date.parse('2026-03-02T09:00:00Z')],
    ['b', Date.parse('2026-03-02T10:00:00Z')],
  ]);

  it('is the device time of the latest report on a planned stop minus its planned arrival', () => {
    expect(
      delayAtLastReport(
        [
          { stopId: 'a', at: '2026-03-02T09:40:00Z' },
          { stopId: 'b', at: '2026-03-02T09:52:00Z' },
          { stopId: 'unplanned', at: '2026-03-02T11:00:00Z' },
        ],
        planned,
      ),
    ).toBe(-8);
  });

  it('rounds to whole minutes and is null without a planned stop reported', () => {
    expect(delayAtLastReport([{ stopId: 'a', at: '2026-03-02T09:25:31Z' }], planned)).toBe(26);
    expect(delayAtLastReport([{ stopId: 'x', at: '2026-03-02T09:25:31Z' }], planned)).toBeNull();
    expect(delayAtLastReport([], planned)).toBeNull();
  });
});
