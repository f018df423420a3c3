import type { Stop } from '@domain/stops.ts';

/** A copy of a shared route: its title and stops (with notes only if the link shows them). */
export const sharedRouteCopy = (route: { title: string; stops: readonly Stop[] }) => ({
  title: route.title,
  // The copy starts fresh: whatever was done or skipped on the road stays with the original.
  stops: route.stops.map(({ id, name, lat, lng, note }) => ({
    ...(id ? { id } : {}),
    name,
    lat,
    lng,
    ...(note ? { note } : {}),
  })),
});
