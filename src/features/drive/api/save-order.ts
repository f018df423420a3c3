import { apiClient } from '@/lib/api-client';
import { driveRouteSchema, type DriveRoute } from '@/lib/driver-reports';

/**
 * POST /api/drive/:token/order: the stops still to do in a new order, over the route's version
 * -> the driver's page in that order. 409 when the route changed or a stop was reported since.
 */
export function saveOrder(
  token: string,
  order: { stopIds: readonly string[]; version: string },
): Promise<DriveRoute> {
  return apiClient.post(`/drive/${encodeURIComponent(token)}/order`, order, {
    schema: driveRouteSchema,
  });
}
