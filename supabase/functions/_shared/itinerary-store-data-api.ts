/** Itineraries through the Data API (PostgREST) with the caller's token: RLS applies there. */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';
import { dataApiError, supabaseAs } from './supabase.ts';
import {
  createOnceResult,
  moveArgument,
  moveResult,
  ITINERARY_COLUMNS,
  NO_ACCOUNT_SQLSTATE,
  SHARE_LINK_COLUMNS,
  asShareLink,
  itineraryFromRow,
  listArguments,
  pageFromRows,
  sharedRouteFromRow,
  updatedAtRange,
  type Itinerary,
  type ItineraryStore,
  type ItineraryStores,
} from './itinerary-store.ts';

const COLUMNS = ITINERARY_COLUMNS.join(', ');

type Answer<T> = {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
};

function dataOf<T>(answer: Answer<T>): T {
  if (answer.error) throw dataApiError(answer);
  return answer.data as T;
}

const asItinerary = (row: unknown): Itinerary => itineraryFromRow(row as Record<string, unknown>);

function callerStore(db: SupabaseClient, userId: string): ItineraryStore {
  const itineraries = () => db.from('itineraries');
  const shares = () => db.from('itinerary_shares');
  return {
    list: async () =>
      dataOf(await itineraries().select(COLUMNS).order('created_at', { ascending: false })).map(
        asItinerary,
      ),
    listPage: async (request, pageSize) =>
      pageFromRows(
        dataOf(await db.rpc('list_itineraries', listArguments(request, pageSize))) as Record<
          string,
          unknown
        >[],
        request.sort,
      ),
    get: async (id) => {
      const row = dataOf(await itineraries().select(COLUMNS).eq('id', id).maybeSingle());
      return row ? asItinerary(row) : null;
    },
    create: async (fields) =>
      asItinerary(
        dataOf(
          await itineraries()
            .insert({ ...fields, user_id: userId })
            .select(COLUMNS)
            .single(),
        ),
      ),
    createOnce: async (key, requestHash, fields) => {
      const rows = dataOf(
        await db.rpc('create_itinerary_once', {
          idempotency_key: key,
          request_hash: requestHash,
          new_title: fields.title,
          new_stops: fields.stops,
          new_total_distance: fields.total_distance,
          new_total_duration: fields.total_duration,
          new_day_plan: fields.day_plan ?? null,
          new_day_group: fields.day_group ?? null,
        }),
      ) as Record<string, unknown>[];
      return createOnceResult(rows[0]);
    },
    update: async (id, fields, onlyIfUpdatedAt) => {
      let query = itineraries().update(fields).eq('id', id);
      if (onlyIfUpdatedAt) {
        const version = updatedAtRange(onlyIfUpdatedAt);
        query = query.gte('updated_at', version.from).lt('updated_at', version.before);
      }
      const row = dataOf(await query.select(COLUMNS).maybeSingle());
      return row ? asItinerary(row) : null;
    },
    moveStop: async (stopId, routes) =>
      moveResult(
        (
          dataOf(
            await db.rpc('move_stop', { stop: stopId, routes: moveArgument(routes) }),
          ) as Record<string, unknown>[]
        )[0],
      ),
    remove: async (id) => dataOf(await itineraries().delete().eq('id', id).select('id')).length > 0,
    owns: async (id) =>
      dataOf(await itineraries().select('id').eq('id', id).maybeSingle()) !== null,
    activeShareToken: async (itineraryId) => {
      const row = dataOf(
        await shares()
          .select('token')
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .maybeSingle(),
      );
      return (row as { token: string } | null)?.token ?? null;
    },
    activeShare: async (itineraryId) => {
      const row = dataOf(
        await shares()
          .select('token, include_notes')
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .maybeSingle(),
      ) as { token: string; include_notes: boolean } | null;
      return row ? { token: row.token, includeNotes: row.include_notes === true } : null;
    },
    addShare: async (itineraryId, token, includeNotes = false) => {
      const answer = await shares().insert({
        token,
        itinerary_id: itineraryId,
        user_id: userId,
        include_notes: includeNotes,
      });
      if (answer.error?.code === '23505') return false;
      dataOf(answer);
      return true;
    },
    setShareNotes: async (itineraryId, includeNotes) =>
      dataOf(
        await shares()
          .update({ include_notes: includeNotes })
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .select('token'),
      ).length > 0,
    listShares: async () =>
      (
        dataOf(
          await shares()
            .select(SHARE_LINK_COLUMNS.join(', '))
            .order('created_at', { ascending: true }),
        ) as unknown as Record<string, unknown>[]
      ).map(asShareLink),
    deleteAccount: async () => {
      const answer = await db.rpc('delete_own_account');
      if (answer.error?.code === NO_ACCOUNT_SQLSTATE) return false;
      dataOf(answer);
      return true;
    },
    revokeShares: async (itineraryId) =>
      dataOf(
        await shares()
          .update({ revoked_at: new Date().toISOString() })
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .select('itinerary_id'),
      ).length > 0,
  };
}

export function dataApiItineraryStores(config: ApiConfig): ItineraryStores {
  const anonymous = supabaseAs(config);
  return {
    asCaller: (accessToken, claims) =>
      callerStore(supabaseAs(config, accessToken), String(claims.sub)),
    sharedRoute: async (token) => {
      const rows = dataOf(
        await anonymous.rpc('get_shared_route', { share_token: token }),
      ) as Record<string, unknown>[];
      return rows[0] ? sharedRouteFromRow(rows[0]) : null;
    },
  };
}
