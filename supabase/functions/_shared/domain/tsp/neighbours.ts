/**
 * The `k` nearest other nodes of every node, nearest first, as one flat array (row i holds node
 * i's list). A full scan: O(n^2) distance evaluations, which also validates every distance.
 */
export function nearestNeighbours(
  n: number,
  dist: (a: number, b: number) => number,
  k: number,
): Int32Array {
  const lists = new Int32Array(n * k);
  const bestDistance = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    let size = 0;
    const row = i * k;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = dist(i, j);
      if (size === k && d >= bestDistance[k - 1]) continue;
      let slot = size < k ? size++ : k - 1;
      while (slot > 0 && bestDistance[slot - 1] > d) {
        bestDistance[slot] = bestDistance[slot - 1];
        lists[row + slot] = lists[row + slot - 1];
        slot--;
      }
      bestDistance[slot] = d;
      lists[row + slot] = j;
    }
  }
  return lists;
}
