/**
 * Tracking links: the owner's (POST/DELETE /itineraries/{id}/stops/{stopId}/tracking-link for
 * one stop; GET/POST/DELETE /itineraries/{id}/tracking-links for every stop of the route at once)
 * and the customer's page (GET /track/{token}, no account). The token is checked in the database
 * (tracking_stop), which gives one stop's facts and nothing else (and the delivery's photo when
 * the owner shows it, served here under the token); an unknown or revoked one is a 404. Row-level security decides whose itinerary it is.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import { newShareToken } from '../../_shared/share-token.ts';
import { isStopId } from '../../_shared/domain/stops.ts';
import { trackingAnswer } from '../../_shared/domain/tracking.ts';
import type { Itinerary } from '../../_shared/itinerary-store.ts';
import type { TrackingLink, TrackingOptions } from '../../_shared/tracking-store.ts';
import { trackingOptionsSchema, trackingTokenSchema } from '../../_shared/tracking-validation.ts';
import { saveStopTimes } from '../../_shared/save-stop-times.ts';
import { requireUser } from '../middleware.ts';
import { itineraryId } from './itineraries.ts';

const NOT_FOUND = 'Itinerary not found';
const STOP_NOT_FOUND = 'Stop not found on this itinerary';
export const TRACKING_NOT_FOUND = 'Tracking link not found or no longer valid';
const noStore = { 'Cache-Control': 'no-store' };

/** The stopId path parameter; one that is not a stop id cannot be on the route, so it is a 404. */
function stopIdParam(c: Context<AppEnv>): string {
  const id = c.req.param('stopId')?.toLowerCase();
  if (!isStopId(id)) throw new ApiError(404, STOP_NOT_FOUND);
  return id;
}

/** The optional body: no body (or an empty one) changes nothing of what the links show. */
async function trackingOptions(c: Context<AppEnv>): Promise<TrackingOptions> {
  if (c.req.raw.body === null || c.req.header('content-length') === '0') return {};
  return parseInput(trackingOptionsSchema, await readJsonBody(c));
}

const linkAnswer = (c: Context<AppEnv>, link: TrackingLink) => ({
  stopId: link.stopId,
  trackingUrl: `${c.var.config.siteUrl}/track/${link.token}`,
  showPhoto: link.showPhoto,
  ...(link.contact ? { contact: link.contact } : {}),
});

async function ownItinerary(c: Context<AppEnv>): Promise<Itinerary> {
  const itinerary = await c.var.itineraries.get(itineraryId(c));
  if (!itinerary) throw new ApiError(404, NOT_FOUND);
  return itinerary;
}

/**
 * Makes the missing links of `stopIds` (in the route's order) and answers them; the route's
 * planned times are saved then (a route saves them only while it has links), of the route as read
 * after the links were made: a save at the same moment either saw the links or is what is read.
 * Nobody has a new link's token before the answer, so no customer reads it without its times.
 */
async function ensureLinks(
  c: Context<AppEnv>,
  itinerary: Itinerary,
  stopIds: readonly string[],
  options: TrackingOptions,
) {
  // 256 bits from the platform CSPRNG each, as share and driver links.
  const links = await c.var.tracking.ensureLinks(
    itinerary.id,
    stopIds,
    stopIds.map(() => newShareToken()),
    options,
  );
  if (links.length > 0) {
    const current = (await c.var.itineraries.get(itinerary.id)) ?? itinerary;
    await saveStopTimes(c.var.router, c.var.tracking, current, undefined, { linked: true });
  }
  const order = new Map(stopIds.map((id, index) => [id, index]));
  return links.sort((a, b) => order.get(a.stopId)! - order.get(b.stopId)!);
}

export const trackingLinkRoutes = new Hono<AppEnv>()
  .post('/:id/stops/:stopId/tracking-link', requireUser, async (c) => {
    const stopId = stopIdParam(c);
    const options = await trackingOptions(c);
    const itinerary = await ownItinerary(c);
    if (!itinerary.stops.some((stop) => stop.id === stopId))
      throw new ApiError(404, STOP_NOT_FOUND);
    const [link] = await ensureLinks(c, itinerary, [stopId], options);
    // The stop left the route at this very moment.
    if (!link) throw new ApiError(404, STOP_NOT_FOUND);
    return c.json(linkAnswer(c, link), 201, noStore);
  })
  .delete('/:id/stops/:stopId/tracking-link', requireUser, async (c) => {
    const stopId = stopIdParam(c);
    if ((await c.var.tracking.revokeLinks(itineraryId(c), stopId)) === 0)
      throw new ApiError(404, 'No active tracking link for this stop');
    return c.body(null, 204);
  })
  .get('/:id/tracking-links', requireUser, async (c) => {
    const itinerary = await ownItinerary(c);
    const links = new Map(
      (await c.var.tracking.activeLinks(itinerary.id)).map((link) => [link.stopId, link]),
    );
    return c.json(
      {
        links: itinerary.stops.flatMap((stop) => {
          const link = links.get(stop.id!);
          return link ? [linkAnswer(c, link)] : [];
        }),
      },
      200,
      noStore,
    );
  })
  // Every stop but the first (where the day starts) gets a link, in the route's order.
  .post('/:id/tracking-links', requireUser, async (c) => {
    const options = await trackingOptions(c);
    const itinerary = await ownItinerary(c);
    const stopIds = itinerary.stops.slice(1).map((stop) => stop.id!);
    const links = await ensureLinks(c, itinerary, stopIds, options);
    return c.json({ links: links.map((link) => linkAnswer(c, link)) }, 201, noStore);
  })
  .delete('/:id/tracking-links', requireUser, async (c) => {
    if ((await c.var.tracking.revokeLinks(itineraryId(c))) === 0)
      throw new ApiError(404, 'No active tracking link for this itinerary');
    return c.body(null, 204);
  });

/** The facts of the stop behind a token that works; a 404 for any other. */
async function trackedStop(c: Context<AppEnv>) {
  const token = c.req.param('token');
  if (!token || !trackingTokenSchema.safeParse(token).success)
    throw new ApiError(404, TRACKING_NOT_FOUND);
  const facts = await c.var.trackingStores.trackedStop(token);
  if (!facts) throw new ApiError(404, TRACKING_NOT_FOUND);
  return { token, facts };
}

export const trackRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const { token, facts } = await trackedStop(c);
    // The token function names a photo only for a delivery whose owner shows it to the customer;
    // its link is this API's, under the token: it says nothing of the owner, the route or the
    // report, and stops working with the link.
    const photoUrl = facts.photoPath ? `${c.var.config.siteUrl}/api/track/${token}/photo` : null;
    return c.json(trackingAnswer(facts, Date.now(), photoUrl), 200, noStore);
  })
  .get('/:token/photo', async (c) => {
    const { facts } = await trackedStop(c);
    const photo = facts.photoPath ? await c.var.proofStorage.read(facts.photoPath) : null;
    if (!photo) throw new ApiError(404, 'No photo for this tracking link');
    return c.body(photo.bytes, 200, {
      'Content-Type': photo.contentType,
      'Cache-Control': 'private, max-age=600',
      'X-Content-Type-Options': 'nosniff',
    });
  });
