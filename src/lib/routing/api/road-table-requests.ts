import type { LatLng } from '@domain/geo.ts';
import { apiClient, type ResponseSchema } from '@/lib/api-client';
import * as z from 'zod/mini';
import {
  loadRoadTable,
  type BlockFetcher,
  type BlockReply,
  type RoadTable,
  type RoadTableOptions,
  type RouterLimits,
} from './road-table';

const routerLimitsSchema = z.object({
  tableMaxCoordinates: z.number().check(z.refine((value) => Number.isInteger(value) && value >= 1)),
  upstreamIntervalMs: z.number().check(z.refine((value) => value >= 0)),
});

let limitsOnce: Promise<RouterLimits> | null = null;

/** The route service's limits, asked once per page (a failed answer is asked again next time). */
function getRouterLimits(): Promise<RouterLimits> {
  limitsOnce ??= apiClient.get('/routes/limits', { schema: routerLimitsSchema }).catch((error) => {
    limitsOnce = null;
    throw error;
  });
  return limitsOnce;
}

const blockReplySchema: ResponseSchema<BlockReply> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const { distances, durations, estimated } = data as Record<string, unknown>;
    if (typeof estimated !== 'boolean' || !Array.isArray(distances) || !Array.isArray(durations))
      return { success: false };
    // Rows of numbers, checked against the block's shape by its caller (fitsBlock).
    return {
      success: true,
      data: { distances, durations, estimated },
    };
  },
};

/** POST /api/routes/table/block {sources, destinations?}. */
const fetchBlock: BlockFetcher = (sources, destinations, signal) =>
  apiClient.post('/routes/table/block', destinations ? { sources, destinations } : { sources }, {
    signal,
    schema: blockReplySchema,
    readOnly: true,
  });

/** The road table of `places` from this deployment's route service (see loadRoadTable). */
export const loadRoadTableFromApi = (
  places: readonly LatLng[],
  options: Omit<RoadTableOptions, 'fetch' | 'limits'> = {},
): Promise<RoadTable | null> =>
  loadRoadTable(places, { fetch: fetchBlock, limits: getRouterLimits, ...options });
