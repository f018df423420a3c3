/**
 * Readers for the VRPTW benchmark files in bench/vrptw (conventions in bench/vrptw/README.md):
 * Solomon's text format and López-Ibáñez & Blum's TSPTW format, as VrpProblem values.
 */
import {
  euclideanMatrix,
  type VrpJob,
  type VrpProblem,
} from '../supabase/functions/_shared/domain/vrp/index.ts';

const numbers = (line: string): number[] =>
  line.trim() === '' ? [] : line.trim().split(/\s+/).map(Number);

/**
 * Solomon: 25 identical vehicles with the instance's capacity, leaving the depot at time >= 0
 * and back by the depot's due date; double-precision Euclidean distances, travel time = distance.
 */
export function parseSolomon(text: string): VrpProblem {
  const lines = text.split(/\r?\n/);
  const vehicleLine = lines.findIndex((line) => /NUMBER\s+CAPACITY/.test(line));
  const [fleet, capacity] = numbers(lines.slice(vehicleLine + 1).find((l) => l.trim() !== '')!);
  const header = lines.findIndex((line) => /CUST\s+NO\./.test(line));
  const rows = lines
    .slice(header + 1)
    .map(numbers)
    .filter((row) => row.length === 7);
  const points = rows.map(([, x, y]) => [x, y] as [number, number]);
  const matrix = euclideanMatrix(points);
  const [, , , , depotReady, depotDue] = rows[0];
  const jobs: VrpJob[] = rows.slice(1).map(([, , , demand, ready, due, service], i) => ({
    location: i + 1,
    demand,
    service,
    windows: [[ready, due]],
  }));
  return {
    locationCount: points.length,
    travelTimes: matrix,
    depot: 0,
    vehicles: Array.from({ length: fleet }, () => ({
      capacity,
      shift: [depotReady, depotDue] as [number, number],
    })),
    jobs,
    objective: 'distance',
  };
}

/**
 * TSPTW: one vehicle from node 0 at time 0 back to node 0 by its due date; the matrix is used
 * as given (travel time = cost); waiting is free.
 */
export function parseTsptw(text: string): VrpProblem {
  const tokens = text.trim().split(/\s+/).map(Number);
  const n = tokens[0];
  const matrix = Float64Array.from(tokens.slice(1, 1 + n * n));
  const windows = tokens.slice(1 + n * n, 1 + n * n + 2 * n);
  if (windows.length !== 2 * n) throw new Error(`expected ${n} windows`);
  const jobs: VrpJob[] = [];
  for (let i = 1; i < n; i++) {
    jobs.push({ location: i, windows: [[windows[2 * i], windows[2 * i + 1]]] });
  }
  return {
    locationCount: n,
    travelTimes: matrix,
    depot: 0,
    vehicles: [{ shift: [0, windows[1]] }],
    jobs,
    objective: 'distance',
  };
}
