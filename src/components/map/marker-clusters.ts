/**
 * Grid clustering of map markers (pure): points are the markers' positions in screen pixels at
 * the current zoom; points that share a square cell of `cellSize` pixels become one cluster.
 * A cell holding one point keeps its own marker. O(n), deterministic (clusters in the order of
 * their first member), so the same stops at the same zoom always cluster the same way.
 */

export interface PixelPoint {
  x: number;
  y: number;
}

export interface PixelBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface MarkerGroups {
  /** Indices of points shown as their own marker. */
  singles: number[];
  /** Groups of two or more indices shown as one cluster marker; `key` names the cell. */
  clusters: { key: string; members: number[] }[];
}

/** Leaves out points outside `bounds` (the visible map plus a margin), when given. */
export function groupByGrid(
  points: readonly PixelPoint[],
  cellSize: number,
  bounds?: PixelBounds,
): MarkerGroups {
  if (!(cellSize > 0)) throw new RangeError('cellSize must be positive');
  const cells = new Map<string, number[]>();
  points.forEach((point, index) => {
    if (
      bounds &&
      (point.x < bounds.minX ||
        point.x > bounds.maxX ||
        point.y < bounds.minY ||
        point.y > bounds.maxY)
    ) {
      return;
    }
    const key = `${Math.floor(point.x / cellSize)}:${Math.floor(point.y / cellSize)}`;
    const members = cells.get(key);
    if (members) members.push(index);
    else cells.set(key, [index]);
  });
  const singles: number[] = [];
  const clusters: MarkerGroups['clusters'] = [];
  for (const [key, members] of cells) {
    if (members.length === 1) singles.push(members[0]);
    else clusters.push({ key, members });
  }
  singles.sort((a, b) => a - b);
  return { singles, clusters };
}

/** Every point as its own marker (no clustering), still limited to `bounds` when given. */
export function ungrouped(points: readonly PixelPoint[], bounds?: PixelBounds): MarkerGroups {
  const singles: number[] = [];
  points.forEach((point, index) => {
    if (
      !bounds ||
      (point.x >= bounds.minX &&
        point.x <= bounds.maxX &&
        point.y >= bounds.minY &&
        point.y <= bounds.maxY)
    ) {
      singles.push(index);
    }
  });
  return { singles, clusters: [] };
}

/** The highlighted stop always has its own marker, even inside a cluster's cell. */
export function withOwnMarker(groups: MarkerGroups, index: number): MarkerGroups {
  if (index < 0 || groups.singles.includes(index)) return groups;
  const singles = [...groups.singles, index];
  const clusters: MarkerGroups['clusters'] = [];
  for (const cluster of groups.clusters) {
    const members = cluster.members.filter((member) => member !== index);
    if (members.length > 1) clusters.push({ key: cluster.key, members });
    else singles.push(...members);
  }
  return { singles: singles.sort((a, b) => a - b), clusters };
}
