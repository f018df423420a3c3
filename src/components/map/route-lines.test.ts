import { describe, expect, it } from 'vitest';
import { estimateLeg } from '@domain/geo.ts';
import { legLines } from './route-lines';

describe('legLines', () => {
  it('draws routed legs and skips estimated ones', () => {
    const routed = {
      distance: 1000,
      duration: 100,
      coordinates: [
        [0, 0],
        [0, 0.005],
        [0, 0.01],
      ] as [number, number][],
      estimated: false,
    };
    const estimated = estimateLeg({ lat: 0, lng: 0.01 }, { lat: 35, lng: -40 });
    const { lines, skipped } = legLines([routed, estimated, routed]);
    expect(lines.map((line) => line.legIndex)).toEqual([0, 2]);
    expect(lines[0].positions).toBe(routed.coordinates);
    expect(skipped).toEqual([1]);
  });

  it('skips a leg without a line to draw', () => {
    expect(
      legLines([{ distance: 0, duration: 0, coordinates: [[1, 1]], estimated: false }]).skipped,
    ).toEqual([0]);
    expect(legLines([])).toEqual({ lines: [], skipped: [] });
  });
});
