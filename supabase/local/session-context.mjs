// Fewer database round trips per Data API request. @supabase/lite opens a transaction
// per request and sets the caller's context (role, JWT claims) with one statement per
// setting: 5–6 `set_config` round trips before the query, 5 more for an RPC. Under load
// those round trips, not the queries, were most of the database time (and on PGlite,
// whose single connection is held for the whole transaction, they serialise every
// request). This sets the same settings, with the same values, in one statement.
//
// It replaces two methods of lite's Postgres/PGlite connection object; if a new version
// of lite renames them, the connection is left as it is (still correct, just slower).
import { sql } from 'kysely'; // the query builder @supabase/lite runs on (its dependency)

/**
 * @typedef {import('kysely').QueryExecutorProvider} Executor
 * @typedef {[name: string, value: string][]} Settings
 * @typedef {{auth?: {role?: string, uid?: string, jwt?: unknown},
 *   storage?: {operation?: string}}} RequestContext the caller's context, as lite passes it
 * @typedef {{method: string, path: string, requestHeaders?: Record<string, string>}} RpcRequest
 * @typedef {object} SessionHooks the two methods of lite's connection replaced here (internal to
 *   lite: its types do not declare them)
 * @property {(executor: Executor, context: RequestContext) => Promise<unknown>} [applyJwtSessionContext]
 * @property {(executor: Executor, rpc: RpcRequest) => Promise<unknown>} [applyRpcRequestGucs]
 */

/**
 * The settings PostgREST gives a request, in lite's order: role first (it also switches role).
 * @param {RequestContext} context
 * @returns {Settings}
 */
export function jwtSessionSettings(context) {
  const role = context.auth?.role || 'anon';
  /** @type {Settings} */
  const settings = [
    ['role', role],
    ['request.jwt.claim.sub', String(context.auth?.uid ?? '')],
    ['request.jwt.claim.role', role],
    ['storage.operation', String(context.storage?.operation ?? '')],
  ];
  const claims = context.auth?.jwt;
  if (claims && typeof claims === 'object')
    settings.push(['request.jwt.claims', JSON.stringify(claims)]);
  return settings;
}

/**
 * @param {RpcRequest} rpc
 * @returns {Settings}
 */
export function rpcRequestSettings(rpc) {
  return [
    ['response.status', ''],
    ['response.headers', ''],
    ['request.method', rpc.method],
    ['request.path', rpc.path],
    ['request.headers', JSON.stringify(rpc.requestHeaders ?? {})],
  ];
}

/**
 * One `select set_config(...), ...` for all settings (transaction-local, like lite's).
 * @param {Executor} executor
 * @param {Settings} settings
 */
function setAll(executor, settings) {
  const calls = sql.join(settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`));
  return sql`select ${calls}`.execute(executor);
}

/**
 * @param {object} liteConnection lite's Postgres or PGlite connection
 * @returns {boolean} whether the two methods were found and replaced
 */
export function batchSessionSettings(liteConnection) {
  const connection = /** @type {SessionHooks} */ (liteConnection);
  if (
    typeof connection.applyJwtSessionContext !== 'function' ||
    typeof connection.applyRpcRequestGucs !== 'function'
  ) {
    return false;
  }
  // lite follows its set_config('role', ...) with `SET LOCAL ROLE` of the same role; the
  // two are the same operation in Postgres (set_config of `role`, local), so once is enough.
  connection.applyJwtSessionContext = (executor, context) =>
    setAll(executor, jwtSessionSettings(context));
  connection.applyRpcRequestGucs = (executor, rpc) => setAll(executor, rpcRequestSettings(rpc));
  return true;
}
