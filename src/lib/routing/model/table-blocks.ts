/**
 * A big road table asked for block by block (pure): which places go together in a block, the
 * order the blocks are asked for, and the table made of their answers.
 *
 * The router answers at most `blockSize` sources by `blockSize` destinations per request (its
 * table limit), so n places are k = ceil(n / blockSize) groups and k x k blocks (1000 places at
 * 100: 100 blocks). The groups are places near each other (consecutive along a Hilbert curve
 * over the places' bounding box), so that each place's nearest neighbours are mostly in its own
 * group: the blocks within a group come first, then the blocks between groups from the nearest
 * pair of groups to the farthest, each pair both ways. The pairs a good day's routes drive are
 * then known first, and what is asked depends only on where the places are, not on their order
 * in the route: the same places make the same blocks (a cache hit), however they were reordered.
 */
import type { LatLng } from '@domain/geo.ts';

/** One block: the sources are the places of group `from`, the destinations those of `to`. */
export interface TableBlock {
  from: number;
  to: number;
}

export interface BlockPlan {
  /** Indices into the places, by group; every place in exactly one group. */
  groups: number[][];
  /** Every block once, in the order to ask for them. */
  blocks: TableBlock[];
}

/** One answered block: rows are its sources, columns its destinations. */
export interface BlockAnswer {
  distances: readonly (readonly number[])[];
  durations: readonly (readonly number[])[];
}

/** Cells per side of the Hilbert curve's grid (2^16). */
const CURVE_ORDER = 16;

/** The distance along a Hilbert curve of the cell (x, y) of a 2^order grid. */
export function hilbertIndex(x: number, y: number, order = CURVE_ORDER): number {
  let index = 0;
  let rx: number;
  let ry: number;
  for (let s = 2 ** (order - 1); s >= 1; s /= 2) {
    rx = (x & s) > 0 ? 1 : 0;
    ry = (y & s) > 0 ? 1 : 0;
    index += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - (x & (s - 1));
        y = s - 1 - (y & (s - 1));
      }
      [x, y] = [y, x];
    }
    x &= s - 1;
    y &= s - 1;
  }
  return index;
}

/** The places along a Hilbert curve over their bounding box (ties: by latitude, longitude). */
function alongCurve(places: readonly LatLng[]): number[] {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const { lat, lng } of places) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
  }
  const cells = 2 ** CURVE_ORDER - 1;
  const span = Math.max(maxLat - minLat, maxLng - minLng) || 1;
  const keys = places.map(({ lat, lng }) =>
    hilbertIndex(
      Math.round(((lng - minLng) / span) * cells),
      Math.round(((lat - minLat) / span) * cells),
    ),
  );
  return places
    .map((_, index) => index)
    .sort(
      (a, b) =>
        keys[a] - keys[b] ||
        places[a].lat - places[b].lat ||
        places[a].lng - places[b].lng ||
        a - b,
    );
}

const centreOf = (places: readonly LatLng[], group: readonly number[]): LatLng => {
  let lat = 0;
  let lng = 0;
  for (const index of group) {
    lat += places[index].lat;
    lng += places[index].lng;
  }
  return { lat: lat / group.length, lng: lng / group.length };
};

/** Squared degrees, longitude shrunk by the latitude: enough to rank groups by nearness. */
const apart = (a: LatLng, b: LatLng): number => {
  const shrink = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return (a.lat - b.lat) ** 2 + ((a.lng - b.lng) * shrink) ** 2;
};

/** The groups of at most `blockSize` places near each other, and the blocks in the order to ask. */
export function planBlocks(places: readonly LatLng[], blockSize: number): BlockPlan {
  const size = Math.max(1, Math.floor(blockSize));
  const count = Math.max(1, Math.ceil(places.length / size));
  const order = alongCurve(places);
  // Groups of (nearly) equal size: 250 places at 100 are 84 + 83 + 83, not 100 + 100 + 50.
  const groups = Array.from({ length: count }, (_, group) =>
    order.slice(
      Math.round((group * places.length) / count),
      Math.round(((group + 1) * places.length) / count),
    ),
  );
  const centres = groups.map((group) => centreOf(places, group));
  const blocks: TableBlock[] = groups.map((_, group) => ({ from: group, to: group }));
  const pairs: [number, number][] = [];
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) pairs.push([a, b]);
  pairs.sort(
    ([a, b], [c, d]) => apart(centres[a], centres[b]) - apart(centres[c], centres[d]) || a - c,
  );
  for (const [a, b] of pairs) blocks.push({ from: a, to: b }, { from: b, to: a });
  return { groups, blocks };
}

/** The places of a group, as a block sends them. */
export const groupPlaces = (places: readonly LatLng[], group: readonly number[]): LatLng[] =>
  group.map((index) => ({ lat: places[index].lat, lng: places[index].lng }));

/**
 * A block's identity for a cache: its sources and destinations (none: the sources themselves)
 * rounded to 5 decimals, about 1 m, as the route service keys its own cache.
 */
export function blockKey(
  sources: readonly LatLng[],
  destinations: readonly LatLng[] | null,
): string {
  const text = (points: readonly LatLng[]) =>
    points.map(({ lat, lng }) => `${lng.toFixed(5)},${lat.toFixed(5)}`).join(';');
  return `${text(sources)}|${destinations ? text(destinations) : '*'}`;
}

/** Whether an answer has the block's shape: a row per source, a column per destination, of numbers >= 0. */
export function fitsBlock(answer: BlockAnswer, rows: number, columns: number): boolean {
  for (const matrix of [answer.distances, answer.durations]) {
    if (matrix.length !== rows) return false;
    for (const row of matrix) {
      if (row.length !== columns) return false;
      for (let c = 0; c < columns; c++) {
        const value = row[c];
        if (typeof value !== 'number' || !(value >= 0) || value === Infinity) return false;
      }
    }
  }
  return true;
}

/** The whole table, row-major n x n, from the answers of every block of `plan` (by index). */
export function assembleTable(
  plan: BlockPlan,
  size: number,
  answers: readonly BlockAnswer[],
): { distances: Float64Array; durations: Float64Array } {
  const distances = new Float64Array(size * size);
  const durations = new Float64Array(size * size);
  plan.blocks.forEach(({ from, to }, block) => {
    const rows = plan.groups[from];
    const columns = plan.groups[to];
    const answer = answers[block];
    rows.forEach((row, r) => {
      columns.forEach((column, c) => {
        distances[row * size + column] = answer.distances[r][c];
        durations[row * size + column] = answer.durations[r][c];
      });
    });
  });
  return { distances, durations };
}
