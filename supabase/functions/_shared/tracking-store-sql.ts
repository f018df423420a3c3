/** Tracking links and planned times over a direct connection, each query as the caller (see database.ts). */
import { queryAs, sqlFailure, type Rows, type Sql, type TransactionSql } from './database.ts';
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

function ownerStore(sql: Sql, claims: Record<string, unknown>): OwnerTrackingStore {
  const run = async (query: Parameters<typeof queryAs>[3]): Promise<Rows> => {
    try {
      return await queryAs(sql, 'authenticated', claims, query);
    } catch (error) {
      throw sqlFailure(error);
    }
  };
  const columns = (tx: TransactionSql, names: readonly string[]) => tx(names as string[]);
  return {
    ensureLinks: async (itineraryId, stopIds, tokens, options) =>
      (
        await run(
          (tx) => tx`select * from public.ensure_tracking_links(${itineraryId}::uuid,
            ${stopIds as string[]}::uuid[], ${tokens as string[]}::text[], ${tx.json(optionsParameter(options))})`,
        )
      ).map(trackingLinkFromRow),
    activeLinks: async (itineraryId) =>
      (
        await run(
          (tx) => tx`select ${columns(tx, TRACKING_LINK_COLUMNS)} from public.stop_tracking_links
            where itinerary_id = ${itineraryId} and revoked_at is null order by created_at, stop_id`,
        )
      ).map(trackingLinkFromRow),
    revokeLinks: async (itineraryId, stopId) =>
      (
        await run(
          (tx) => tx`update public.stop_tracking_links set revoked_at = now()
            where itinerary_id = ${itineraryId} and revoked_at is null
              ${stopId ? tx`and stop_id = ${stopId}` : tx``}
            returning token`,
        )
      ).length,
    saveSchedule: async (itineraryId, version, times) => {
      await run(
        (tx) =>
          tx`select public.save_itinerary_schedule(${itineraryId}::uuid, ${version}::timestamptz, ${tx.json(times)})`,
      );
    },
    links: async () =>
      (
        await run(
          (tx) =>
            tx`select ${columns(tx, TRACKING_RECORD_COLUMNS)} from public.stop_tracking_links order by created_at, stop_id`,
        )
      ).map(trackingLinkRecordFromRow),
  };
}

export function sqlTrackingStores(sql: Sql): TrackingStores {
  return {
    asOwner: (_accessToken, claims) => ownerStore(sql, claims),
    trackedStop: async (token) => {
      try {
        const rows = await queryAs(
          sql,
          'anon',
          { role: 'anon' },
          (tx) => tx`select * from public.tracking_stop(${token})`,
        );
        return rows[0] ? trackingFactsFromRow(rows[0]) : null;
      } catch (error) {
        throw sqlFailure(error);
      }
    },
  };
}
