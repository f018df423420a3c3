import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import {
  itineraryIdSchema,
  itineraryInputSchema,
  shareTokenSchema,
} from '../../_shared/validation.ts';
import { databaseFailure } from '../../_shared/database-errors.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { autoTitle } from '../../_shared/domain/stops.ts';
import { newShareToken } from '../../_shared/share-token.ts';
import { requireUser } from '../middleware.ts';
import type { Itinerary, ItineraryFields } from '../../_shared/itinerary-store.ts';

const NOT_FOUND = 'Itinerary not found';
const SHARED_NOT_FOUND = 'Route not found or no longer available';

/** The id path parameter; a malformed id cannot name an itinerary, so it is a 404. */
function itineraryId(c: Context<AppEnv>): string {
  const id = c.req.param('id');
  if (!itineraryIdSchema.safeParse(id).success) throw new ApiError(404, NOT_FOUND);
  return id!;
}

const LAST_VERSION_MS = Date.UTC(9999, 0, 1);

/** An itinerary's version as an HTTP entity tag: its updated_at. */
const entityTag = (itinerary: Itinerary) => `"${itinerary.updated_at}"`;

/**
 * The version a PUT's If-Match header requires (an ETag this API gave); undefined when
 * absent or `*`. A save based on an older version then answers 412 instead of overwriting.
 */
function requiredVersion(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('if-match')?.trim();
  if (!header || header === '*') return undefined;
  const version = /^"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"$/.exec(header)?.[1];
  // Every ETag of this API is a time after 1970 and before 9999 (beyond that Postgres refuses it).
  const ms = version ? Date.parse(version) : NaN;
  if (!version || !(ms >= 0 && ms < LAST_VERSION_MS))
    throw new ApiError(400, 'If-Match must be an ETag of this itinerary');
  return version;
}

/** Validated title and stops, with the totals computed here so they never depend on the client. */
async function itineraryFields(c: Context<AppEnv>): Promise<ItineraryFields> {
  const input = parseInput(itineraryInputSchema, await readJsonBody(c));
  const route = await computeRoute(c.var.router, input.stops, { geometry: false });
  return {
    title: input.title === '' ? autoTitle(input.stops) : input.title,
    stops: input.stops,
    total_distance: route.totalDistance,
    total_duration: route.totalDuration,
  };
}

export const itineraryRoutes = new Hono<AppEnv>()
  // The public shared view: no account needed, served by a security-definer SQL function.
  .get('/share/:token', async (c) => {
    const token = c.req.param('token');
    if (!shareTokenSchema.safeParse(token).success) throw new ApiError(404, SHARED_NOT_FOUND);
    const route = await c.var.itineraryStores.sharedRoute(token);
    if (!route) throw new ApiError(404, SHARED_NOT_FOUND);
    return c.json({ title: route.title, stops: route.stops });
  })
  .use(requireUser)
  .get('/', async (c) => c.json(await c.var.itineraries.list()))
  .get('/:id', async (c) => {
    const itinerary = await c.var.itineraries.get(itineraryId(c));
    if (!itinerary) throw new ApiError(404, NOT_FOUND);
    return c.json(itinerary, 200, { ETag: entityTag(itinerary) });
  })
  .post('/', async (c) => {
    const itinerary = await c.var.itineraries.create(await itineraryFields(c));
    return c.json(itinerary, 201, { ETag: entityTag(itinerary) });
  })
  .put('/:id', async (c) => {
    const id = itineraryId(c);
    const version = requiredVersion(c);
    const itinerary = await c.var.itineraries.update(id, await itineraryFields(c), version);
    if (itinerary) return c.json(itinerary, 200, { ETag: entityTag(itinerary) });
    if (version && (await c.var.itineraries.owns(id))) {
      throw new ApiError(412, 'This itinerary was changed elsewhere; load it again before saving');
    }
    throw new ApiError(404, NOT_FOUND);
  })
  .delete('/:id', async (c) => {
    if (!(await c.var.itineraries.remove(itineraryId(c)))) throw new ApiError(404, NOT_FOUND);
    return c.body(null, 204);
  })
  // One active link per itinerary: sharing again returns the same link until it is revoked.
  .post('/:id/share', async (c) => {
    const id = itineraryId(c);
    const store = c.var.itineraries;
    const shareUrl = (token: string) =>
      c.json({ shareUrl: `${c.var.config.siteUrl}/share/${token}` });
    if (!(await store.owns(id))) throw new ApiError(404, NOT_FOUND);
    const existing = await store.activeShareToken(id);
    if (existing) return shareUrl(existing);

    const token = newShareToken();
    if (await store.addShare(id, token)) return shareUrl(token);
    // Another request shared it at the same moment: answer with the link it made.
    const winner = await store.activeShareToken(id);
    if (winner) return shareUrl(winner);
    throw databaseFailure('', 'share link conflict without an active link');
  })
  // Revokes the active link at once; sharing again afterwards makes a new token.
  .delete('/:id/share', async (c) => {
    if (!(await c.var.itineraries.revokeShares(itineraryId(c))))
      throw new ApiError(404, 'No active share link for this itinerary');
    return c.body(null, 204);
  });
