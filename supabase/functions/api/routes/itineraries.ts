import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import { itineraryIdSchema, itineraryInputSchema, shareTokenSchema } from '../../_shared/validation.ts';
import { dataApiError, supabaseAs } from '../../_shared/supabase.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { autoTitle } from '../../_shared/domain/stops.ts';
import { newShareToken } from '../../_shared/share-token.ts';
import { requireUser } from '../middleware.ts';

const COLUMNS = 'id, title, stops, total_distance, total_duration, created_at, updated_at';
const NOT_FOUND = 'Itinerary not found';

interface ItineraryRow {
  created_at: string;
  updated_at: string;
  [column: string]: unknown;
}

/** Timestamps as ISO 8601 whatever the Data API's text format (browsers parse only ISO reliably). */
const asApiItinerary = (row: ItineraryRow) => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});
const SHARED_NOT_FOUND = 'Route not found or no longer available';

/** The id path parameter; a malformed id cannot name an itinerary, so it is a 404. */
function itineraryId(c: Context<AppEnv>): string {
  const id = c.req.param('id');
  if (!itineraryIdSchema.safeParse(id).success) throw new ApiError(404, NOT_FOUND);
  return id!;
}

/** Validated title and stops, with the totals computed here so they never depend on the client. */
async function itineraryRow(c: Context<AppEnv>) {
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
    const { data, error, status } = await supabaseAs(c.var.config).rpc('get_shared_route', { share_token: token });
    if (error) throw dataApiError({ error, status });
    const route = (data as { title: string; stops: unknown[] }[])[0];
    if (!route) throw new ApiError(404, SHARED_NOT_FOUND);
    return c.json({ title: route.title, stops: route.stops });
  })
  .use(requireUser)
  .get('/', async (c) => {
    const { data, error, status } = await c.var.db
      .from('itineraries')
      .select(COLUMNS)
      .order('created_at', { ascending: false });
    if (error) throw dataApiError({ error, status });
    return c.json((data as ItineraryRow[]).map(asApiItinerary));
  })
  .get('/:id', async (c) => {
    const { data, error, status } = await c.var.db.from('itineraries').select(COLUMNS).eq('id', itineraryId(c)).maybeSingle();
    if (error) throw dataApiError({ error, status });
    if (!data) throw new ApiError(404, NOT_FOUND);
    return c.json(asApiItinerary(data as ItineraryRow));
  })
  .post('/', async (c) => {
    const row = await itineraryRow(c);
    const { data, error, status } = await c.var.db
      .from('itineraries')
      .insert({ ...row, user_id: c.var.user.id })
      .select(COLUMNS)
      .single();
    if (error) throw dataApiError({ error, status });
    return c.json(asApiItinerary(data as ItineraryRow), 201);
  })
  .put('/:id', async (c) => {
    const id = itineraryId(c);
    const row = await itineraryRow(c);
    const { data, error, status } = await c.var.db.from('itineraries').update(row).eq('id', id).select(COLUMNS).maybeSingle();
    if (error) throw dataApiError({ error, status });
    if (!data) throw new ApiError(404, NOT_FOUND);
    return c.json(asApiItinerary(data as ItineraryRow));
  })
  .delete('/:id', async (c) => {
    const { data, error, status } = await c.var.db.from('itineraries').delete().eq('id', itineraryId(c)).select('id');
    if (error) throw dataApiError({ error, status });
    if (data.length === 0) throw new ApiError(404, NOT_FOUND);
    return c.body(null, 204);
  })
  // One active link per itinerary: sharing again returns the same link until it is revoked.
  .post('/:id/share', async (c) => {
    const id = itineraryId(c);
    const shareUrl = (token: string) => c.json({ shareUrl: `${c.var.config.siteUrl}/share/${token}` });
    const owned = await c.var.db.from('itineraries').select('id').eq('id', id).maybeSingle();
    if (owned.error) throw dataApiError(owned);
    if (!owned.data) throw new ApiError(404, NOT_FOUND);

    const activeShare = () =>
      c.var.db.from('itinerary_shares').select('token').eq('itinerary_id', id).is('revoked_at', null).maybeSingle();
    const existing = await activeShare();
    if (existing.error) throw dataApiError(existing);
    if (existing.data) return shareUrl(existing.data.token);

    const token = newShareToken();
    const created = await c.var.db.from('itinerary_shares').insert({ token, itinerary_id: id, user_id: c.var.user.id });
    if (created.error?.code === '23505') {
      // Another request shared it at the same moment: answer with the link it made.
      const winner = await activeShare();
      if (winner.data) return shareUrl(winner.data.token);
    }
    if (created.error) throw dataApiError(created);
    return shareUrl(token);
  })
  // Revokes the active link at once; sharing again afterwards makes a new token.
  .delete('/:id/share', async (c) => {
    const id = itineraryId(c);
    const { data, error, status } = await c.var.db
      .from('itinerary_shares')
      .update({ revoked_at: new Date().toISOString() })
      .eq('itinerary_id', id)
      .is('revoked_at', null)
      .select('itinerary_id');
    if (error) throw dataApiError({ error, status });
    if (data.length === 0) throw new ApiError(404, 'No active share link for this itinerary');
    return c.body(null, 204);
  });
