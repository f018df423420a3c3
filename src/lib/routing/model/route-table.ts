import type { ResponseSchema } from '@/lib/api-client';

/** POST /api/routes/table: metres and seconds from each stop [row] to each stop [column]. */
export interface RouteTable {
  distances: number[][];
  durations: number[][];
  estimated: boolean;
}

/**
 * n rows of n finite numbers >= 0. Indexed loops: the click that optimises runs this cold, where
 * `for…of`'s iterators made it about three times slower.
 */
function isSquare(value: unknown, n: number): value is number[][] {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const row: unknown = value[i];
    if (!Array.isArray(row) || row.length !== n) return false;
    for (let j = 0; j < n; j++) {
      const cell: unknown = row[j];
      if (typeof cell !== 'number' || !(cell >= 0) || cell === Infinity) return false;
    }
  }
  return true;
}

/**
 * The table's check, by hand rather than with zod: 200 stops are 80 000 numbers, which zod took
 * about 30 ms to go through on the click that optimises them (this loop: a few ms, cold). The same
 * rules: square tables of finite numbers >= 0, a boolean `estimated`, other fields left out.
 */
export const routeTableSchema: ResponseSchema<RouteTable> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const { distances, durations, estimated } = data as Record<string, unknown>;
    if (typeof estimated !== 'boolean' || !Array.isArray(distances)) return { success: false };
    const n = distances.length;
    if (!isSquare(distances, n) || !isSquare(durations, n)) return { success: false };
    return { success: true, data: { distances, durations, estimated } };
  },
};
