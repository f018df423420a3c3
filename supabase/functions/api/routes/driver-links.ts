/**
 * The owner's driver links: POST /itineraries/{id}/driver-link makes a new one (the active one
 * stops working at once), GET answers the active one, DELETE revokes it. Reports already made
 * stay. Row-level security decides whose itinerary it is.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../../_shared/http.ts';
import { newShareToken } from '../../_shared/share-token.ts';
import { requireUser } from '../middleware.ts';
import { itineraryId } from './itineraries.ts';

const NO_ACTIVE_LINK = 'No active driver link for this itinerary';

const linkAnswer = (c: Context<AppEnv>, token: string, status: 200 | 201) =>
  c.json({ driverUrl: `${c.var.config.siteUrl}/drive/${token}` }, status, {
    'Cache-Control': 'no-store',
  });

export const driverLinkRoutes = new Hono<AppEnv>()
  .post('/:id/driver-link', requireUser, async (c) => {
    // 256 bits from the platform CSPRNG, as share links.
    const token = newShareToken();
    if (!(await c.var.driverReports.replaceLink(itineraryId(c), token)))
      throw new ApiError(404, 'Itinerary not found');
    return linkAnswer(c, token, 201);
  })
  .get('/:id/driver-link', requireUser, async (c) => {
    const token = await c.var.driverReports.activeLink(itineraryId(c));
    if (!token) throw new ApiError(404, NO_ACTIVE_LINK);
    return linkAnswer(c, token, 200);
  })
  .delete('/:id/driver-link', requireUser, async (c) => {
    if (!(await c.var.driverReports.revokeLink(itineraryId(c))))
      throw new ApiError(404, NO_ACTIVE_LINK);
    return c.body(null, 204);
  });
