/** Itineraries over a direct connection, each query as the caller (see database.ts). */
import type postgres from 'postgres';
import {
  queryAs,
  sqlFailure,
  sqlStateOf,
  type Rows,
  type Sql,
  type TransactionSql,
} from './database.ts';
import {
  createOnceResult,
  ITINERARY_COLUMNS,
  moveArgument,
  moveResult,
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

const asItinerary = (row: Rows[number]): Itinerary => itineraryFromRow(row);

/** A JSON value as a parameter (null stays SQL null). */
const jsonParameter = (tx: TransactionSql, value: unknown) =>
  value === null || value === undefined ? null : tx.json(value as postgres.JSONValue);

function callerStore(sql: Sql, claims: Record<string, unknown>): ItineraryStore {
  const userId = String(claims.sub);
  const run = async (query: Parameters<typeof queryAs>[3]): Promise<Rows> => {
    try {
      return await queryAs(sql, 'authenticated', claims, query);
    } catch (error) {
      throw sqlFailure(error);
    }
  };
  const columns = (tx: TransactionSql) => tx(ITINERARY_COLUMNS as unknown as string[]);
  const first = (rows: Rows) => (rows[0] ? asItinerary(rows[0]) : null);

  return {
    list: async () =>
      (
        await run(
          (tx) => tx`select ${columns(tx)} from public.itineraries order by created_at desc`,
        )
      ).map(asItinerary),
    listPage: async (request, pageSize) => {
      const a = listArguments(request, pageSize);
      const rows = await run(
        (tx) => tx`select * from public.list_itineraries(
          ${a.search_words}::text[], ${a.sort}, ${a.page_size}::integer, ${a.after_number}::double precision,
          ${a.after_text}::text, ${a.after_id}::uuid, ${a.with_stops})`,
      );
      return pageFromRows(rows, request.sort);
    },
    get: async (id) =>
      first(await run((tx) => tx`select ${columns(tx)} from public.itineraries where id = ${id}`)),
    create: async (fields) =>
      first(
        await run(
          (
            tx,
          ) => tx`insert into public.itineraries (user_id, title, stops, total_distance, total_duration, day_plan, day_group)
            values (${userId}, ${fields.title}, ${tx.json(fields.stops as unknown as postgres.JSONValue)}, ${fields.total_distance}, ${fields.total_duration},
              ${jsonParameter(tx, fields.day_plan)}, ${fields.day_group ?? null})
            returning ${columns(tx)}`,
        ),
      )!,
    createOnce: async (key, requestHash, fields) =>
      createOnceResult(
        (
          await run(
            (tx) => tx`select * from public.create_itinerary_once(
              ${key}::uuid, ${requestHash}, ${fields.title},
              ${tx.json(fields.stops as unknown as postgres.JSONValue)},
              ${fields.total_distance}, ${fields.total_duration},
              ${jsonParameter(tx, fields.day_plan)}, ${fields.day_group ?? null}::uuid)`,
          )
        )[0],
      ),
    update: async (id, fields, onlyIfUpdatedAt) => {
      const version = onlyIfUpdatedAt ? updatedAtRange(onlyIfUpdatedAt) : null;
      return first(
        await run(
          (tx) => tx`update public.itineraries
            set title = ${fields.title}, stops = ${tx.json(fields.stops as unknown as postgres.JSONValue)},
                total_distance = ${fields.total_distance}, total_duration = ${fields.total_duration}
                ${fields.day_plan !== undefined ? tx`, day_plan = ${jsonParameter(tx, fields.day_plan)}` : tx``}
                ${fields.day_group !== undefined ? tx`, day_group = ${fields.day_group}` : tx``}
            where id = ${id}
              ${version ? tx`and updated_at >= ${version.from} and updated_at < ${version.before}` : tx``}
            returning ${columns(tx)}`,
        ),
      );
    },
    moveStop: async (stopId, routes) =>
      moveResult(
        (
          await run(
            (tx) => tx`select * from public.move_stop(${stopId}::uuid,
              ${tx.json(moveArgument(routes) as unknown as postgres.JSONValue)})`,
          )
        )[0],
      ),
    remove: async (id) =>
      (await run((tx) => tx`delete from public.itineraries where id = ${id} returning id`)).length >
      0,
    owns: async (id) =>
      (await run((tx) => tx`select id from public.itineraries where id = ${id}`)).length > 0,
    activeShareToken: async (itineraryId) => {
      const rows = await run(
        (tx) =>
          tx`select token from public.itinerary_shares where itinerary_id = ${itineraryId} and revoked_at is null`,
      );
      return (rows[0]?.token as string | undefined) ?? null;
    },
    activeShare: async (itineraryId) => {
      const rows = await run(
        (tx) =>
          tx`select token, include_notes from public.itinerary_shares where itinerary_id = ${itineraryId} and revoked_at is null`,
      );
      return rows[0]
        ? { token: String(rows[0].token), includeNotes: rows[0].include_notes === true }
        : null;
    },
    addShare: async (itineraryId, token, includeNotes = false) => {
      try {
        await queryAs(
          sql,
          'authenticated',
          claims,
          (tx) =>
            tx`insert into public.itinerary_shares (token, itinerary_id, user_id, include_notes) values (${token}, ${itineraryId}, ${userId}, ${includeNotes})`,
        );
        return true;
      } catch (error) {
        if (sqlStateOf(error) === '23505') return false;
        throw sqlFailure(error);
      }
    },
    setShareNotes: async (itineraryId, includeNotes) =>
      (
        await run(
          (tx) => tx`update public.itinerary_shares set include_notes = ${includeNotes}
            where itinerary_id = ${itineraryId} and revoked_at is null
            returning token`,
        )
      ).length > 0,
    listShares: async () =>
      (
        await run(
          (tx) =>
            tx`select ${tx(SHARE_LINK_COLUMNS as unknown as string[])} from public.itinerary_shares order by created_at`,
        )
      ).map((row) => asShareLink(row)),
    deleteAccount: async () => {
      try {
        await queryAs(sql, 'authenticated', claims, (tx) => tx`select public.delete_own_account()`);
        return true;
      } catch (error) {
        if (sqlStateOf(error) === NO_ACCOUNT_SQLSTATE) return false;
        throw sqlFailure(error);
      }
    },
    revokeShares: async (itineraryId) =>
      (
        await run(
          (tx) => tx`update public.itinerary_shares set revoked_at = now()
            where itinerary_id = ${itineraryId} and revoked_at is null
            returning itinerary_id`,
        )
      ).length > 0,
  };
}

export function sqlItineraryStores(sql: Sql): ItineraryStores {
  return {
    asCaller: (_accessToken, claims) => callerStore(sql, claims),
    sharedRoute: async (token) => {
      try {
        const rows = await queryAs(
          sql,
          'anon',
          { role: 'anon' },
          (tx) => tx`select title, stops, day_plan from public.get_shared_route(${token})`,
        );
        return rows[0] ? sharedRouteFromRow(rows[0]) : null;
      } catch (error) {
        throw sqlFailure(error);
      }
    },
  };
}
