/**
 * The driver link (no account): GET /drive/{token}, the route to drive with what was already
 * reported, and POST /drive/{token}/reports, a report on one of its stops. The token is checked
 * in the database (driver_route, driver_report); an unknown or revoked one is a 404.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import { driverTokenSchema, reportInputSchema } from '../../_shared/driver-validation.ts';
import { plannedTimes } from '../../_shared/route-times.ts';
import { driveAnswer } from '../../_shared/route-progress.ts';
import { limitDriverLink } from '../rate-limit.ts';

export const LINK_NOT_FOUND = 'Driver link not found or no longer valid';

/** The token path parameter; one of the wrong shape cannot be a link, so it is a 404. */
export function driverToken(c: Context<AppEnv>): string {
  const token = c.req.param('token');
  if (!driverTokenSchema.safeParse(token).success) throw new ApiError(404, LINK_NOT_FOUND);
  return token!;
}

export const driveRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const route = await c.var.driverStores.driverRoute(driverToken(c));
    if (!route) throw new ApiError(404, LINK_NOT_FOUND);
    const times = await plannedTimes(c.var.router, route.day_plan, route.stops);
    return c.json(driveAnswer(route, times), 200, { 'Cache-Control': 'no-store' });
  })
  // Sending the same report id again (a lost answer, the offline queue) answers the first report
  // and saves nothing; the id of another route's report is a 409 that says nothing about it.
  .post('/:token/reports', async (c) => {
    const token = driverToken(c);
    await limitDriverLink(c, token);
    const input = parseInput(reportInputSchema, await readJsonBody(c));
    const result = await c.var.driverStores.report(token, input);
    switch (result.outcome) {
      case 'created':
        return c.json(result.report, 201);
      case 'replayed':
        return c.json(result.report, 201, { 'Idempotent-Replayed': 'true' });
      case 'no-link':
        throw new ApiError(404, LINK_NOT_FOUND);
      case 'no-stop':
        throw new ApiError(404, 'This stop is not on the route of this driver link');
      case 'conflict':
        throw new ApiError(409, 'This report id is already used; send the report with a new id');
    }
  });
