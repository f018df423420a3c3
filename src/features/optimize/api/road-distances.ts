import type { LatLng } from '@domain/geo.ts';
import { apiClient, type ResponseSchema } from '@/lib/api-client';
import type { DistanceTable } from '../cost/optimize-cost.ts';

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
 * The distances of the route table, checked by hand (200 stops are 40 000 numbers, which zod
 * took tens of milliseconds to go through on the click): a square table of finite numbers >= 0
 * and a boolean `estimated`. Durations, when a server answers them anyway, are left out unread.
 */
export const roadDistancesSchema: ResponseSchema<DistanceTable> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const { distances, estimated } = data as Record<string, unknown>;
    if (typeof estimated !== 'boolean' || !Array.isArray(distances)) return { success: false };
    if (!isSquare(distances, distances.length)) return { success: false };
    return { success: true, data: { distances, estimated } };
  },
};

/**
 * POST /api/routes/table {stops, include: ['distances']} -> road metres between every pair of
 * stops, without the durations the optimiser does not read (half the answer: 200 stops, some
 * 280 kB of JSON less to download and read on the click). Null when the service cannot be asked
 * or answers something else: road distances are an improvement, never a reason to fail.
 */
export async function getRoadDistances(
  stops: readonly LatLng[],
  signal?: AbortSignal,
): Promise<DistanceTable | null> {
  try {
    return await apiClient.post(
      '/routes/table',
      { stops: stops.map(({ lat, lng }) => ({ lat, lng })), include: ['distances'] },
      { signal, schema: roadDistancesSchema },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Road distances unavailable; using straight-line distances', error);
    return null;
  }
}
