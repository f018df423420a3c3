/**
 * What changed in a driver's route between two reads of it (the dispatcher moved or added a
 * stop): the stops that arrived and those that left. Pure.
 */
export type NamedStop = { id: string; name: string };

export interface RouteChanges {
  added: NamedStop[];
  removed: NamedStop[];
}

export const NO_CHANGES: RouteChanges = { added: [], removed: [] };

const without = (stops: readonly NamedStop[], gone: readonly NamedStop[]) =>
  stops.filter((stop) => !gone.some((other) => other.id === stop.id));

export function routeChanges(
  before: readonly NamedStop[],
  after: readonly NamedStop[],
): RouteChanges {
  return {
    added: without(after, before).map(({ id, name }) => ({ id, name })),
    removed: without(before, after).map(({ id, name }) => ({ id, name })),
  };
}

/**
 * The changes of two reads one after the other, as one: a stop that left and came back (or the
 * other way round) is no change.
 */
export const combineChanges = (earlier: RouteChanges, later: RouteChanges): RouteChanges => ({
  added: [...without(earlier.added, later.removed), ...without(later.added, earlier.removed)],
  removed: [...without(earlier.removed, later.added), ...without(later.removed, earlier.added)],
});

export const hasChanges = (changes: RouteChanges) =>
  changes.added.length > 0 || changes.removed.length > 0;
