import type { RouteLeg } from '@domain/geo.ts';

export interface LegLines {
  /** One polyline per routed leg, as [lat, lng] pairs. */
  lines: { legIndex: number; positions: [number, number][] }[];
  /** Legs that are straight-line estimates: counted in the totals, never drawn as a road. */
  skipped: number[];
}

/** A leg the router could not calculate has no line; it is skipped. */
export function legLines(legs: readonly RouteLeg[]): LegLines {
  const lines: LegLines['lines'] = [];
  const skipped: number[] = [];
  legs.forEach((leg, legIndex) => {
    if (leg.estimated || leg.coordinates.length < 2) skipped.push(legIndex);
    else lines.push({ legIndex, positions: leg.coordinates });
  });
  return { lines, skipped };
}
