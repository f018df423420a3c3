import type { LatLng } from '@domain/geo.ts';
import { apiClient, type ResponseSchema } from '@/lib/api-client';

/**
 * POST /api/routes/table {stops, include?} -> what `schema` reads of the answer: road
 * distances and durations between every pair of stops (the service itself answers great-circle
 * estimates, flagged `estimated`, when its router fails), or only the matrix `include` names.
 * Null when the service cannot be asked or answers something else: road distances are an
 * improvement, never a reason to fail.
 */
export async function askRouteTable<T>(
  stops: readonly LatLng[],
  {
    schema,
    include,
    signal,
  }: { schema: ResponseSchema<T>; include?: ['distances'] | ['durations']; signal?: AbortSignal },
): Promise<T | null> {
  try {
    return await apiClient.post(
      '/routes/table',
      { stops: stops.map(({ lat, lng }) => ({ lat, lng })), ...(include ? { include } : {}) },
      { signal, schema, readOnly: true },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Route table unavailable; using straight-line distances', error);
    return null;
  }
}
