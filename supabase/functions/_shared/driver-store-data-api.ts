/** Driver links and reports through the Data API (PostgREST) with the caller's token: RLS applies. */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';
import { dataApiError, supabaseAs, supabaseAsService } from './supabase.ts';
import { ITINERARY_COLUMNS, itineraryFromRow } from './itinerary-store.ts';
import {
  REPORT_COLUMNS,
  driverLinkFromRow,
  driverRouteFromRow,
  orderOutcomeFromRow,
  ownedReportFromRow,
  proofAnnouncementFromRow,
  proofDoneOf,
  reportOutcomeFromRow,
  reportParameter,
  type DriverStores,
  type OwnerDriverStore,
} from './driver-store.ts';

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

/** Rows asked for in one request when reading a list that may be long. */
const PAGE_ROWS = 1000;

function ownerStore(db: SupabaseClient): OwnerDriverStore {
  const links = () => db.from('driver_links');
  return {
    replaceLink: async (itineraryId, token) =>
      dataOf(await db.rpc('replace_driver_link', { itinerary: itineraryId, new_token: token })) ===
      true,
    activeLink: async (itineraryId) => {
      const row = dataOf(
        await links()
          .select('token')
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .maybeSingle(),
      ) as { token: string } | null;
      return row?.token ?? null;
    },
    revokeLink: async (itineraryId) =>
      dataOf(
        await links()
          .update({ revoked_at: new Date().toISOString() })
          .eq('itinerary_id', itineraryId)
          .is('revoked_at', null)
          .select('itinerary_id'),
      ).length > 0,
    reports: async (itineraryIds) =>
      itineraryIds.length === 0
        ? []
        : (
            dataOf(
              await db
                .from('stop_reports_ranked')
                .select(REPORT_COLUMNS.join(', '))
                .in('itinerary_id', [...itineraryIds])
                .order('itinerary_id')
                .order('stop_id')
                .order('rank'),
            ) as unknown as Rows
          ).map(ownedReportFromRow),
    dayGroupItineraries: async (dayGroup) =>
      (
        dataOf(
          await db
            .from('itineraries')
            .select(ITINERARY_COLUMNS.join(', '))
            .eq('day_group', dayGroup)
            .order('created_at')
            .order('id'),
        ) as unknown as Rows
      ).map(itineraryFromRow),
    links: async () =>
      (
        dataOf(
          await links()
            .select('token, itinerary_id, created_at, revoked_at')
            .order('created_at', { ascending: true }),
        ) as unknown as Rows
      ).map(driverLinkFromRow),
    proofPaths: async (itineraryIds) => {
      // Page by page: the Data API answers at most its max-rows (1000 on hosted projects) a
      // request, whatever was asked; until an empty page, as max-rows may be below PAGE_ROWS.
      const paths: string[] = [];
      for (;;) {
        const query = db.from('stop_report_proofs').select('object_path');
        const rows = dataOf(
          await (itineraryIds ? query.in('itinerary_id', [...itineraryIds]) : query)
            .order('object_path')
            .range(paths.length, paths.length + PAGE_ROWS - 1),
        ) as unknown as Rows;
        if (rows.length === 0) return paths;
        paths.push(...rows.map((row) => String(row.object_path)));
      }
    },
  };
}

export function dataApiDriverStores(config: ApiConfig): DriverStores {
  const anonymous = supabaseAs(config);
  let service: SupabaseClient | undefined;
  /** The function itself, for the service_role-only token functions. */
  const asFunction = () => (service ??= supabaseAsService(config));
  return {
    asOwner: (accessToken) => ownerStore(supabaseAs(config, accessToken)),
    driverRoute: async (token) => {
      const rows = dataOf(await anonymous.rpc('driver_route', { driver_token: token })) as Rows;
      return rows[0] ? driverRouteFromRow(rows[0]) : null;
    },
    report: async (token, input) =>
      reportOutcomeFromRow(
        (
          dataOf(
            await asFunction().rpc('driver_report', {
              driver_token: token,
              report: reportParameter(input),
            }),
          ) as Rows
        )[0],
      ),
    reorder: async (token, order) =>
      orderOutcomeFromRow(
        (
          dataOf(
            await asFunction().rpc('driver_reorder', {
              driver_token: token,
              for_version: order.version,
              stop_ids: order.stopIds,
              totals: order.totals,
              times: order.times,
            }),
          ) as Rows
        )[0],
      ),
    announceProof: async (token, proof) =>
      proofAnnouncementFromRow(
        (
          dataOf(
            await asFunction().rpc('driver_proof_begin', {
              driver_token: token,
              report: proof.reportId,
              proof_kind: proof.kind,
              media_type: proof.mediaType,
              size: proof.size,
              digest: proof.sha256,
            }),
          ) as Rows
        )[0],
      ),
    proofStored: async (token, proof, objectPath) =>
      proofDoneOf(
        dataOf(
          await asFunction().rpc('driver_proof_done', {
            driver_token: token,
            report: proof.reportId,
            proof_kind: proof.kind,
            digest: proof.sha256,
            stored_path: objectPath,
          }),
        ),
      ),
  };
}
