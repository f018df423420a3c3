import type { LatLng } from '@domain/geo.ts';
import type { ResponseSchema } from '@/lib/api-client';
import { askRouteTable } from '@/lib/routing';
import type { DistanceTable } from '../cost/optimize-cost.ts';

/**
 * The route table's envelope: its rows of distances and a boolean `estimated`. The 40 000
 * numbers of 200 stops are checked where the optimiser's matrix is made from them, in the same
 * pass (costFromTable). Durations, when a server answers them anyway, are left out unread.
 */
export const roadDistancesSchema: ResponseSchema<DistanceTable> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const { distances, estimated } = data as Record<string, unknown>;
    if (typeof estimated !== 'boolean' || !Array.isArray(distances)) return { success: false };
    return { success: true, data: { distances, estimated } };
  },
};

/**
 * POST /api/routes/table {stops, include: ['distances']} -> road metres between every pair of
 * stops, without the durations the optimiser does not read (half the answer: 200 stops, some
 * 280 kB of JSON less to download and read on the click). Null when the service cannot be asked
 * or answers something else (askRouteTable).
 */
export const getRoadDistances = (
  stops: readonly LatLng[],
  signal?: AbortSignal,
): Promise<DistanceTable | null> =>
  askRouteTable(stops, { schema: roadDistancesSchema, include: ['distances'], signal });
