/**
 * Greedy edge construction: take the candidate edges (node to neighbour) shortest first whenever
 * both ends still have degree < 2 and no cycle closes; then join the fragments end to end, each
 * time to the nearest free fragment end. Typically 15-20 % above optimal, a good start for 2-opt.
 * The fixed edge, if any (fixedA >= 0), is taken first.
 */
export function greedyTour(
  n: number,
  dist: (a: number, b: number) => number,
  neighbours: Int32Array,
  neighbourCount: number,
  fixedA: number,
  fixedB: number,
): Int32Array {
  const k = neighbourCount;
  const edgeCount = n * k;
  const from = new Int32Array(edgeCount);
  const to = new Int32Array(edgeCount);
  const weight = new Float64Array(edgeCount);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < k; c++) {
      const e = i * k + c;
      from[e] = i;
      to[e] = neighbours[e];
      weight[e] = dist(i, neighbours[e]);
    }
  }
  const byWeight = Array.from({ length: edgeCount }, (_, e) => e).sort(
    (x, y) => weight[x] - weight[y] || x - y,
  );

  const degree = new Uint8Array(n);
  const links = new Int32Array(2 * n).fill(-1);
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (v: number): number => {
    while (root[v] !== v) {
      root[v] = root[root[v]];
      v = root[v];
    }
    return v;
  };
  const link = (a: number, b: number): void => {
    links[2 * a + degree[a]++] = b;
    links[2 * b + degree[b]++] = a;
    root[find(a)] = find(b);
  };
  const canLink = (a: number, b: number): boolean =>
    degree[a] < 2 && degree[b] < 2 && find(a) !== find(b);

  if (fixedA >= 0) link(fixedA, fixedB);
  let joined = fixedA >= 0 ? 1 : 0;
  for (let s = 0; s < edgeCount && joined < n - 1; s++) {
    const e = byWeight[s];
    if (canLink(from[e], to[e])) {
      link(from[e], to[e]);
      joined++;
    }
  }

  // Join the fragments (paths; a lone node is a path of one) nearest end first.
  const tour = new Int32Array(n);
  const placed = new Uint8Array(n);
  const ends: number[] = [];
  for (let v = 0; v < n; v++) if (degree[v] < 2) ends.push(v);
  let size = 0;
  const walkFragment = (startEnd: number): number => {
    let previous = -1;
    let v = startEnd;
    for (;;) {
      tour[size++] = v;
      placed[v] = 1;
      const a = links[2 * v];
      const b = links[2 * v + 1];
      const next =
        a !== -1 && a !== previous && !placed[a]
          ? a
          : b !== -1 && b !== previous && !placed[b]
            ? b
            : -1;
      if (next === -1) return v;
      previous = v;
      v = next;
    }
  };
  let last = walkFragment(ends.length > 0 ? ends[0] : 0);
  while (size < n) {
    let best = -1;
    let bestDistance = Infinity;
    for (const v of ends) {
      if (placed[v]) continue;
      const d = dist(last, v);
      if (d < bestDistance) {
        bestDistance = d;
        best = v;
      }
    }
    last = walkFragment(best);
  }
  return tour;
}
