/** Tracking links and planned times through the Data API (PostgREST) with the caller's token: RLS applies. */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';
import { dataApiError, supabaseAs } from './supabase.ts';
import {
  TRACKING_LINK_COLUMNS,
  TRACKING_RECORD_COLUMNS,
  optionsParameter,
  trackingFactsFromRow,
  trackingLinkFromRow,
  trackingLinkRecordFromRow,
  type OwnerTrackingStore,
  type TrackingStores,
} from './tracking-store.ts';

type Answer<T> = {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
};

function dataOf<T>(answer: Answer<T>): T {
  if (answer.error) throw dataApiError(answer);
  return answer.data as T;
}

type Rows = Record<string, unknown>[];

function ownerStore(db: SupabaseClient): OwnerTrackingStore {
  const links = () => db.from('stop_tracking_links');
  return {
    ensureLinks: async (itineraryId, stopIds, tokens, options) =>
      (
        dataOf(
          await db.rpc('ensure_tracking_links', {
            itinerary: itineraryId,
            stop_ids: [...stopIds],
            new_tokens: [...tokens],
            options: optionsParameter(options),
          }),
        ) as Rows
      ).map(trackingLinkFromRow),
    activeLinks: async (itineraryId) =>
      (
        dataOf(
          await links()
            .select(TRACKING_LINK_COLUMNS.join(', '))
            .eq('itinerary_id', itineraryId)
            .is('revoked_at', null)
            .order('created_at')
            .order('stop_id'),
        ) as unknown as Rows
      ).map(trackingLinkFromRow),
    revokeLinks: async (itineraryId, stopId) => {
      let query = links()
        .update({ revoked_at: new Date().toISOString() })
        .eq('itinerary_id', itineraryId)
        .is('revoked_at', null);
      if (stopId) query = query.eq('stop_id', stopId);
      return dataOf(await query.select('token')).length;
    },
    saveSchedule: async (itineraryId, version, times) => {
      dataOf(
        await db.rpc('save_itinerary_schedule', {
          itinerary: itineraryId,
          for_version: version,
          times,
        }),
      );
    },
    links: async () =>
      (
        dataOf(
          await links()
            .select(TRACKING_RECORD_COLUMNS.join(', '))
            .order('created_at')
            .order('stop_id'),
        ) as unknown as Rows
      ).map(trackingLinkRecordFromRow),
  };
}

export function dataApiTrackingStores(config: ApiConfig): TrackingStores {
  const anonymous = supabaseAs(config);
  return {
    asOwner: (accessToken) => ownerStore(supabaseAs(config, accessToken)),
    trackedStop: async (token) => {
      const rows = dataOf(await anonymous.rpc('tracking_stop', { tracking_token: token })) as Rows;
      return rows[0] ? trackingFactsFromRow(rows[0]) : null;
    },
  };
}
