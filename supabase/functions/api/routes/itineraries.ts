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
import { saveStopTimes } from '../../_shared/save-stop-times.ts';
import { autoTitle } from '../../_shared/domain/stops.ts';
import { acceptedTextLanguage } from '../../_shared/domain/composed-texts.ts';
import { newShareToken } from '../../_shared/share-token.ts';
import { requireUser } from '../middleware.ts';
import { summaryProgress } from './summary-progress.ts';
import type { ActiveShare, Itinerary, ItineraryFields } from '../../_shared/itinerary-store.ts';
import { shareOptionsSchema } from '../../_shared/account-validation.ts';
import { removeProofsOf, sweepOrphanProofs } from '../proofs.ts';
import {
  encodeCursor,
  itineraryPageQuerySchema,
  pageRequestOf,
} from '../../_shared/itinerary-pages.ts';

const NOT_FOUND = 'Itinerary not found';
const SHARED_NOT_FOUND = 'Route not found or no longer available';
const NO_ACTIVE_SHARE = 'No active share link for this itinerary';

/** A share link as the API answers it: the URL and whether it shows the stops' notes. */
const shareAnswer = (c: Context<AppEnv>, share: ActiveShare) =>
  c.json({
    shareUrl: `${c.var.config.siteUrl}/share/${share.token}`,
    includeNotes: share.includeNotes,
  });

/** The optional body of POST /:id/share; no body (or an empty one) asks for nothing in particular. */
async function shareOptions(c: Context<AppEnv>): Promise<{ includeNotes?: boolean }> {
  if (c.req.raw.body === null || c.req.header('content-length') === '0') return {};
  return parseInput(shareOptionsSchema, await readJsonBody(c));
}

/** The id path parameter; a malformed id cannot name an itinerary, so it is a 404. */
export function itineraryId(c: Context<AppEnv>): string {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Idempotency-Key of a POST (the IETF draft's header: a structured-field string, so
 * quoted, though a bare value is accepted too); undefined when absent. This API's keys are UUIDs.
 */
function idempotencyKey(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('idempotency-key');
  if (header === undefined) return undefined;
  const value = header.trim().replace(/^"(.*)"$/, '$1');
  if (!UUID.test(value)) throw new ApiError(400, 'Idempotency-Key must be a UUID');
  return value.toLowerCase();
}

/**
 * SHA-256 (hex) of what the client asked for: a retry sends the same, a reuse does not. The day
 * plan and group count only when given, so a request without them hashes as it always did.
 */
async function requestHash(input: {
  title: string;
  stops: unknown;
  day_plan?: unknown;
  day_group?: unknown;
}): Promise<string> {
  const asked: Record<string, unknown> = { title: input.title, stops: input.stops };
  if (input.day_plan !== undefined) asked.day_plan = input.day_plan;
  if (input.day_group !== undefined) asked.day_group = input.day_group;
  const bytes = new TextEncoder().encode(JSON.stringify(asked));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Validated title and stops, with the totals computed here so they never depend on the client;
 * `input`: the request as validated (before the auto title).
 */
async function itineraryFields(c: Context<AppEnv>) {
  const input = parseInput(itineraryInputSchema, await readJsonBody(c));
  const route = await computeRoute(c.var.router, input.stops, { geometry: false });
  const fields: ItineraryFields = {
    // A blank title: the auto title in the language the request names, English if none.
    title:
      input.title === ''
        ? autoTitle(
            input.stops,
            input.language ?? acceptedTextLanguage(c.req.header('accept-language')),
          )
        : input.title,
    stops: input.stops,
    total_distance: route.totalDistance,
    total_duration: route.totalDuration,
    // Absent: left as they are (see ItineraryFields); null clears them.
    ...(input.day_plan !== undefined ? { day_plan: input.day_plan } : {}),
    ...(input.day_group !== undefined ? { day_group: input.day_group } : {}),
  };
  return { fields, input, legs: route.legs.map((leg) => leg.duration) };
}

export const itineraryRoutes = new Hono<AppEnv>()
  // The public shared view: no account needed, served by a security-definer SQL function.
  .get('/share/:token', async (c) => {
    const token = c.req.param('token');
    if (!shareTokenSchema.safeParse(token).success) throw new ApiError(404, SHARED_NOT_FOUND);
    const route = await c.var.itineraryStores.sharedRoute(token);
    if (!route) throw new ApiError(404, SHARED_NOT_FOUND);
    return c.json({
      title: route.title,
      stops: route.stops,
      ...(route.day_plan ? { day_plan: route.day_plan } : {}),
    });
  })
  .use(requireUser)
  // Without a query the whole list, as API clients have always had it; with any of summary,
  // limit, cursor, q, sort a page: still an array, the next page in a Link header (rel="next")
  // and the number of matching itineraries in X-Total-Count.
  .get('/', async (c) => {
    const request = pageRequestOf(
      parseInput(itineraryPageQuerySchema, {
        summary: c.req.query('summary'),
        progress: c.req.query('progress'),
        limit: c.req.query('limit'),
        cursor: c.req.query('cursor'),
        q: c.req.query('q'),
        sort: c.req.query('sort'),
      }),
    );
    if (!request) return c.json(await c.var.itineraries.list());
    // One row more than the page tells whether another page follows.
    const page = await c.var.itineraries.listPage(
      request,
      request.limit === null ? null : request.limit + 1,
    );
    const rows = request.limit === null ? page.rows : page.rows.slice(0, request.limit);
    // The count comes with the rows: a page after the last match has none to say it.
    const total =
      page.rows.length > 0 || !request.cursor
        ? page.total
        : (await c.var.itineraries.listPage({ ...request, summary: true, cursor: null }, 1)).total;
    const headers: Record<string, string> = { 'X-Total-Count': String(total) };
    if (rows.length < page.rows.length) {
      const next = new URL(c.req.url).searchParams;
      next.set('cursor', encodeCursor(rows[rows.length - 1].cursor));
      headers.Link = `<?${next.toString()}>; rel="next"`;
    }
    const itineraries = rows.map((row) => row.itinerary);
    if (!request.progress) return c.json(itineraries, 200, headers);
    const progress = await summaryProgress(c, itineraries);
    return c.json(
      itineraries.map((itinerary) => ({ ...itinerary, ...progress.get(itinerary.id) })),
      200,
      // The drivers' reports change it: never from a cache.
      { ...headers, 'Cache-Control': 'no-store' },
    );
  })
  .get('/:id', async (c) => {
    const itinerary = await c.var.itineraries.get(itineraryId(c));
    if (!itinerary) throw new ApiError(404, NOT_FOUND);
    return c.json(itinerary, 200, { ETag: entityTag(itinerary) });
  })
  // With an Idempotency-Key a retry (after a timeout, a lost answer) answers the itinerary the
  // first attempt created, for 24 hours; the same key with another body is a 422, as the
  // IETF draft says; a second request while the first still runs waits for it in the database.
  .post('/', async (c) => {
    const key = idempotencyKey(c);
    const { fields, input } = await itineraryFields(c);
    if (!key) {
      const itinerary = await c.var.itineraries.create(fields);
      return c.json(itinerary, 201, { ETag: entityTag(itinerary) });
    }
    const result = await c.var.itineraries.createOnce(key, await requestHash(input), fields);
    switch (result.outcome) {
      case 'created':
        return c.json(result.itinerary, 201, { ETag: entityTag(result.itinerary) });
      case 'replayed':
        return c.json(result.itinerary, 201, {
          ETag: entityTag(result.itinerary),
          'Idempotent-Replayed': 'true',
        });
      case 'mismatch':
        throw new ApiError(
          422,
          'This Idempotency-Key was already used with a different request; use a new key',
        );
      case 'deleted':
        throw new ApiError(
          409,
          'The itinerary created with this Idempotency-Key has been deleted since',
        );
    }
  })
  .put('/:id', async (c) => {
    const id = itineraryId(c);
    const version = requiredVersion(c);
    const { fields, legs } = await itineraryFields(c);
    const itinerary = await c.var.itineraries.update(id, fields, version);
    if (itinerary) {
      // The new version's planned times, for its customers' tracking links (only while it has
      // some). The route is saved either way: without them its links show no window until the
      // next save.
      await saveStopTimes(c.var.router, c.var.tracking, itinerary, legs).catch((error) =>
        console.error('api: the planned times of a saved route were not saved', error),
      );
      return c.json(itinerary, 200, { ETag: entityTag(itinerary) });
    }
    if (version && (await c.var.itineraries.owns(id))) {
      throw new ApiError(412, 'This itinerary was changed elsewhere; load it again before saving');
    }
    throw new ApiError(404, NOT_FOUND);
  })
  // Drivers' photos and signatures of the route go first, then the route with its reports, then
  // any object no proof names any more.
  .delete('/:id', async (c) => {
    const id = itineraryId(c);
    await removeProofsOf(c, [id]);
    if (!(await c.var.itineraries.remove(id))) throw new ApiError(404, NOT_FOUND);
    await sweepOrphanProofs(c);
    return c.body(null, 204);
  })
  // The active link and what it shows, without making one: 404 when there is none.
  .get('/:id/share', async (c) => {
    const share = await c.var.itineraries.activeShare(itineraryId(c));
    if (!share) throw new ApiError(404, NO_ACTIVE_SHARE);
    return shareAnswer(c, share);
  })
  // One active link per itinerary: sharing again returns the same link until it is revoked.
  // `includeNotes` (optional body) sets whether the link shows the stops' notes for the
  // driver; a new link leaves them out unless it says true, an existing one keeps its choice
  // unless the body changes it. The shared view itself drops the notes in the database.
  .post('/:id/share', async (c) => {
    const id = itineraryId(c);
    const { includeNotes } = await shareOptions(c);
    const store = c.var.itineraries;
    if (!(await store.owns(id))) throw new ApiError(404, NOT_FOUND);
    const existing = await store.activeShare(id);
    if (existing) {
      if (includeNotes === undefined || includeNotes === existing.includeNotes)
        return shareAnswer(c, existing);
      if (await store.setShareNotes(id, includeNotes))
        return shareAnswer(c, { token: existing.token, includeNotes });
      // Revoked at this very moment: make a new link below.
    }

    const token = newShareToken();
    if (await store.addShare(id, token, includeNotes ?? false))
      return shareAnswer(c, { token, includeNotes: includeNotes ?? false });
    // Another request shared it at the same moment: answer with the link it made.
    const winner = await store.activeShare(id);
    if (winner && includeNotes !== undefined && includeNotes !== winner.includeNotes) {
      if (await store.setShareNotes(id, includeNotes))
        return shareAnswer(c, { token: winner.token, includeNotes });
    }
    if (winner) return shareAnswer(c, winner);
    throw databaseFailure('', 'share link conflict without an active link');
  })
  // Revokes the active link at once; sharing again afterwards makes a new token.
  .delete('/:id/share', async (c) => {
    if (!(await c.var.itineraries.revokeShares(itineraryId(c))))
      throw new ApiError(404, NO_ACTIVE_SHARE);
    return c.body(null, 204);
  });
