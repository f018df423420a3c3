import { memo, useEffect, useMemo } from 'react';
import { Polyline } from 'react-leaflet';
import type { RouteLeg } from '@domain/geo.ts';
import { ROUTE_LINE_STYLE } from './map-constants';
import { legLines } from './route-lines';

/** Up to this many road legs, each is its own line. */
const ONE_PATH_ABOVE = 50;

export interface RouteLinesProps {
  legs: readonly RouteLeg[];
}

/**
 * The route's road lines, blue; estimated legs have no road line and are only logged.
 * Memoised: a long route's hundreds of lines are not rendered again when only the stops changed.
 */
export const RouteLines = memo(function RouteLines({ legs }: RouteLinesProps) {
  const { lines, skipped } = useMemo(() => legLines(legs), [legs]);

  useEffect(() => {
    if (skipped.length > 0) {
      console.warn(
        `Route line skipped for leg(s) ${skipped.map((index) => index + 1).join(', ')}: no road route, straight-line estimate used`,
      );
    }
  }, [skipped]);

  const merged = useMemo(() => lines.map((line) => line.positions), [lines]);
  // A long route is one multi-line path: hundreds of SVG paths are slow to add and remove.
  if (lines.length > ONE_PATH_ABOVE) {
    return <Polyline positions={merged} pathOptions={ROUTE_LINE_STYLE} interactive={false} />;
  }
  return lines.map(({ legIndex, positions }) => (
    <Polyline
      key={legIndex}
      positions={positions}
      pathOptions={ROUTE_LINE_STYLE}
      interactive={false}
    />
  ));
});
