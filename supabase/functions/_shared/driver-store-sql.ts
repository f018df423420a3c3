/** Driver links and reports over a direct connection, each query as the caller (see database.ts). */
import type postgres from 'postgres';
import { queryAs, sqlFailure, type Rows, type Sql, type TransactionSql } from './database.ts';
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

function ownerStore(sql: Sql, claims: Record<string, unknown>): OwnerDriverStore {
  const run = async (query: Parameters<typeof queryAs>[3]): Promise<Rows> => {
    try {
      return await queryAs(sql, 'authenticated', claims, query);
    } catch (error) {
      throw sqlFailure(error);
    }
  };
  const columns = (tx: TransactionSql, names: readonly string[]) => tx(names as string[]);
  return {
    replaceLink: async (itineraryId, token) =>
      (
        await run(
          (tx) => tx`select public.replace_driver_link(${itineraryId}::uuid, ${token}) as replaced`,
        )
      )[0]?.replaced === true,
    activeLink: async (itineraryId) => {
      const rows = await run(
        (tx) =>
          tx`select token from public.driver_links where itinerary_id = ${itineraryId} and revoked_at is null`,
      );
      return rows[0] ? String(rows[0].token) : null;
    },
    revokeLink: async (itineraryId) =>
      (
        await run(
          (tx) => tx`update public.driver_links set revoked_at = now()
            where itinerary_id = ${itineraryId} and revoked_at is null
            returning itinerary_id`,
        )
      ).length > 0,
    reports: async (itineraryIds) =>
      itineraryIds.length === 0
        ? []
        : (
            await run(
              (tx) => tx`select ${columns(tx, REPORT_COLUMNS)} from public.stop_reports_ranked
                where itinerary_id = any(${itineraryIds as string[]}::uuid[])
                order by itinerary_id, stop_id, rank`,
            )
          ).map(ownedReportFromRow),
    dayGroupItineraries: async (dayGroup) =>
      (
        await run(
          (tx) => tx`select ${columns(tx, ITINERARY_COLUMNS)} from public.itineraries
            where day_group = ${dayGroup} order by created_at, id`,
        )
      ).map(itineraryFromRow),
    links: async () =>
      (
        await run(
          (tx) =>
            tx`select token, itinerary_id, created_at, revoked_at from public.driver_links order by created_at`,
        )
      ).map(driverLinkFromRow),
    proofPaths: async (itineraryIds) =>
      (
        await run(
          (tx) => tx`select object_path from public.stop_report_proofs
            ${itineraryIds ? tx`where itinerary_id = any(${itineraryIds as string[]}::uuid[])` : tx``}`,
        )
      ).map((row) => String(row.object_path)),
  };
}

export function sqlDriverStores(sql: Sql): DriverStores {
  const asDriver = async (query: Parameters<typeof queryAs>[3]): Promise<Rows> => {
    try {
      return await queryAs(sql, 'anon', { role: 'anon' }, query);
    } catch (error) {
      throw sqlFailure(error);
    }
  };
  /** The calls only the function may make (service_role-only token functions). */
  const asFunction = async (query: Parameters<typeof queryAs>[3]): Promise<Rows> => {
    try {
      return await queryAs(sql, 'service_role', { role: 'service_role' }, query);
    } catch (error) {
      throw sqlFailure(error);
    }
  };
  return {
    asOwner: (_accessToken, claims) => ownerStore(sql, claims),
    driverRoute: async (token) => {
      const rows = await asDriver(
        (tx) =>
          tx`select title, stops, day_plan, reports, version from public.driver_route(${token})`,
      );
      return rows[0] ? driverRouteFromRow(rows[0]) : null;
    },
    report: async (token, input) =>
      reportOutcomeFromRow(
        (
          await asFunction(
            (tx) =>
              tx`select outcome, saved from public.driver_report(${token}, ${tx.json(reportParameter(input))})`,
          )
        )[0],
      ),
    reorder: async (token, order) =>
      orderOutcomeFromRow(
        (
          await asFunction(
            (tx) => tx`select outcome, saved_version from public.driver_reorder(
              ${token}, ${order.version}::timestamptz, ${tx.json([...order.stopIds])},
              ${tx.json(order.totals)},
              ${order.times ? tx.json(order.times as postgres.JSONValue) : null}::jsonb)`,
          )
        )[0],
      ),
    announceProof: async (token, proof) =>
      proofAnnouncementFromRow(
        (
          await asFunction(
            (tx) => tx`select outcome, object_path from public.driver_proof_begin(
              ${token}, ${proof.reportId}::uuid, ${proof.kind}, ${proof.mediaType}, ${proof.size},
              ${proof.sha256})`,
          )
        )[0],
      ),
    proofStored: async (token, proof, objectPath) =>
      proofDoneOf(
        (
          await asFunction(
            (tx) => tx`select public.driver_proof_done(
              ${token}, ${proof.reportId}::uuid, ${proof.kind}, ${proof.sha256}, ${objectPath}
            ) as outcome`,
          )
        )[0]?.outcome,
      ),
  };
}
