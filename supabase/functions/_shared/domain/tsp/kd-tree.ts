/**
 * Points in a Euclidean space whose distances order pairs the same way as the route's cost
 * (x, y for Euclidean points; unit vectors for lat/lng, since the chord grows with the arc).
 */
export interface Embedding {
  dimensions: number;
  /** Point i's coordinates at [i * dimensions, (i + 1) * dimensions). */
  coordinates: Float64Array;
}

const LEAF_SIZE = 8;

/**
 * The `k` nearest other points of every point, nearest first, as one flat array (row i holds
 * point i's list), found with a k-d tree in about O(n log n) instead of a full O(n^2) scan.
 */
export function nearestNeighboursInSpace(
  { dimensions, coordinates }: Embedding,
  n: number,
  k: number,
): Int32Array {
  const at = (point: number, axis: number) => coordinates[point * dimensions + axis];
  const order = Int32Array.from({ length: n }, (_, i) => i);

  // Nodes over ranges of `order`: leaves hold up to LEAF_SIZE points; an inner node splits its
  // range at the median of its widest axis (left: coordinate <= split, right: >= split).
  const nodeStart: number[] = [];
  const nodeEnd: number[] = [];
  const nodeAxis: number[] = [];
  const nodeSplit: number[] = [];
  const nodeLeft: number[] = [];
  const nodeRight: number[] = [];
  const build = (start: number, end: number): number => {
    const node = nodeStart.length;
    nodeStart.push(start);
    nodeEnd.push(end);
    nodeAxis.push(-1);
    nodeSplit.push(0);
    nodeLeft.push(-1);
    nodeRight.push(-1);
    if (end - start <= LEAF_SIZE) return node;
    let axis = 0;
    let widest = -1;
    for (let d = 0; d < dimensions; d++) {
      let low = Infinity;
      let high = -Infinity;
      for (let i = start; i < end; i++) {
        const value = at(order[i], d);
        if (value < low) low = value;
        if (value > high) high = value;
      }
      if (high - low > widest) {
        widest = high - low;
        axis = d;
      }
    }
    const middle = (start + end) >> 1;
    selectNth(order, start, end, middle, (point) => at(point, axis));
    nodeAxis[node] = axis;
    nodeSplit[node] = at(order[middle], axis);
    const left = build(start, middle);
    const right = build(middle, end);
    nodeLeft[node] = left;
    nodeRight[node] = right;
    return node;
  };
  build(0, n);

  const lists = new Int32Array(n * k);
  const best = new Float64Array(k);
  let query = 0;
  let size = 0;
  const consider = (point: number) => {
    let d = 0;
    for (let a = 0; a < dimensions; a++) {
      const delta = at(point, a) - at(query, a);
      d += delta * delta;
    }
    if (size === k && d >= best[k - 1]) return;
    let slot = size < k ? size++ : k - 1;
    const row = query * k;
    while (slot > 0 && best[slot - 1] > d) {
      best[slot] = best[slot - 1];
      lists[row + slot] = lists[row + slot - 1];
      slot--;
    }
    best[slot] = d;
    lists[row + slot] = point;
  };
  const visit = (node: number) => {
    const axis = nodeAxis[node];
    if (axis === -1) {
      for (let i = nodeStart[node]; i < nodeEnd[node]; i++)
        if (order[i] !== query) consider(order[i]);
      return;
    }
    const offset = at(query, axis) - nodeSplit[node];
    visit(offset < 0 ? nodeLeft[node] : nodeRight[node]);
    if (size < k || offset * offset < best[k - 1])
      visit(offset < 0 ? nodeRight[node] : nodeLeft[node]);
  };
  for (query = 0; query < n; query++) {
    size = 0;
    visit(0);
  }
  return lists;
}

/** Reorders items[start, end) so that items[nth] is the one a full sort by key would put there. */
function selectNth(
  items: Int32Array,
  start: number,
  end: number,
  nth: number,
  key: (item: number) => number,
): void {
  let low = start;
  let high = end - 1;
  while (high > low) {
    const pivot = key(items[(low + high) >> 1]);
    let i = low;
    let j = high;
    while (i <= j) {
      while (key(items[i]) < pivot) i++;
      while (key(items[j]) > pivot) j--;
      if (i <= j) {
        const swap = items[i];
        items[i] = items[j];
        items[j] = swap;
        i++;
        j--;
      }
    }
    if (nth <= j) high = j;
    else if (nth >= i) low = i;
    else return;
  }
}
