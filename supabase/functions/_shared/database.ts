/**
 * A direct Postgres connection for the `api` function (API_DATABASE_URL), faster than a
 * round trip through the Data API. It logs in as a role that may switch to `anon`,
 * `authenticated` and `service_role` (hosted Supabase's `postgres` may), so every query here runs
 * in a transaction that first takes the caller's role and JWT claims, exactly as the Data API
 * does: row-level security stays the boundary. `service_role` only for what the function itself
 * does with the service-role key through the Data API (a driver link's checked writes).
 */
import postgres from 'postgres';
import { databaseFailure } from './database-errors.ts';
import type { ApiError } from './http.ts';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** service_role: the function's own calls, as supabaseAsService makes them (supabase.ts). */
export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/**
 * Longest a query may run. Set per transaction: a transaction-mode pooler does not keep
 * connection settings, and the API roles' own settings do not apply after `set role`.
 */
const STATEMENT_TIMEOUT = '10s';

/** Connections per function instance; queries of a transaction are pipelined on one. */
const POOL_SIZE = 4;

export function connectDatabase(url: string): Sql {
  return postgres(url, {
    max: POOL_SIZE,
    // Works behind a transaction-mode pooler (Supabase's Supavisor on port 6543) too.
    prepare: false,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'route-planner-api' },
  });
}

/**
 * Runs `query` in one transaction as `role` with `claims` as request.jwt.claims (what
 * auth.uid() and the policies read). `set_config(..., true)` lasts until the transaction
 * ends, so a pooled connection never carries one caller's identity into the next.
 */
export type Rows = postgres.Row[];

export async function queryAs(
  sql: Sql,
  role: RequestRole,
  claims: Record<string, unknown>,
  query: (tx: TransactionSql) => postgres.PendingQuery<Rows>,
): Promise<Rows> {
  const [, rows] = await sql.begin((tx) => [
    tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
      set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true)`,
    query(tx),
  ]);
  return rows as Rows;
}

/** The SQLSTATE of a database error ('' for a lost or refused connection). */
export const sqlStateOf = (error: unknown): string =>
  error instanceof postgres.PostgresError ? error.code : '';

export function sqlFailure(error: unknown): ApiError {
  return databaseFailure(sqlStateOf(error), error instanceof Error ? error.message : String(error));
}
