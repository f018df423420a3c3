import { useState } from 'react';
import {
  NO_CHANGES,
  combineChanges,
  routeChanges,
  type NamedStop,
  type RouteChanges,
} from '../model/route-changes';

/**
 * The stops that arrived in or left the route since the driver last dismissed the notice,
 * compared read after read (the first read is no change). `dismiss` clears it.
 */
export function useRouteChanges(stops: readonly NamedStop[] | undefined) {
  const [seen, setSeen] = useState(stops);
  const [changes, setChanges] = useState<RouteChanges>(NO_CHANGES);
  // Compared while rendering (React's way to adjust state when a prop changes): each new read
  // of the route is compared once with the one before it.
  if (stops !== seen) {
    setSeen(stops);
    if (seen && stops) setChanges(combineChanges(changes, routeChanges(seen, stops)));
  }
  return { changes, dismiss: () => setChanges(NO_CHANGES) };
}
