import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import type { TeamPin } from '../model/team-markers.ts';
import type { DriverRoute } from '../model/team-plan.ts';
import { useSplitCamera } from './use-split-camera.ts';

const stops: Stop[] = [0, 1, 2, 3].map((index) => ({
  name: `Stop ${index}`,
  lat: 45 + index / 100,
  lng: 4.8,
}));
const driver = (number: number, served: number[]): DriverRoute => ({
  number,
  start: null,
  served,
  end: null,
  endsAtStart: false,
  schedule: null,
  distance: 0,
});
const pins: TeamPin[] = [];

describe('use-split-camera', () => {
  it('moves for the split and the driver shown, not when a stop moves between drivers', () => {
    const split = {};
    const { result, rerender } = renderHook(
      ({
        drivers,
        shown,
        day,
      }: {
        drivers: DriverRoute[] | null;
        shown: number | null;
        day: object | null;
      }) => useSplitCamera(stops, day, drivers, pins, shown),
      {
        initialProps: {
          drivers: null as DriverRoute[] | null,
          shown: null as number | null,
          day: null as object | null,
        },
      },
    );
    const before = result.current;
    expect(before).toMatchObject({ kind: 'fit', points: stops });
    rerender({ drivers: [driver(1, [1]), driver(2, [2, 3])], shown: null, day: split });
    const splitView = result.current;
    expect(splitView).not.toBe(before);
    // A stop moved: the same split, the same driver shown.
    rerender({ drivers: [driver(1, [1, 3]), driver(2, [2])], shown: null, day: split });
    expect(result.current).toBe(splitView);
    rerender({ drivers: [driver(1, [1, 3]), driver(2, [2])], shown: 2, day: split });
    const shownView = result.current;
    expect(shownView).not.toBe(splitView);
    // Split again: the new split is fitted.
    rerender({ drivers: [driver(1, [1, 3]), driver(2, [2])], shown: 2, day: {} });
    expect(result.current).not.toBe(shownView);
  });
});
