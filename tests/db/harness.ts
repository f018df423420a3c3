// Runs one database suite against every backend the project supports: the embedded
// PGlite of the local stack and Debian's PostgreSQL 15 (what hosted Supabase runs).
// Each backend is the project's own createBackend(): @supabase/lite's Auth and Data API
// schema, supabase/local/roles.sql and role-grants.sql and supabase/migrations applied, no seed. Suites
// talk SQL through a small adapter, acting as the API roles the way PostgREST does.
import { rm } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe } from 'vitest';
import { createBackend } from '../../supabase/local/backend.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { postgres15Availability, startPostgres15 } from '../support/postgres15.mjs';
import { dataDirFromTemplate, TEST_SITE_URL as siteUrl } from '../support/pglite-template';

export type Row = Record<string, unknown>;

/**
 * One connection or transaction. Parameters are $1, $2...; pass JSON as a string and
 * cast it with `$n::text::jsonb` (postgres.js would encode a string bound straight to
 * jsonb a second time, as a JSON string).
 */
export interface Session {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
}

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** JWT claims as Auth issues them; `null` means no claims at all. */
export type Claims = Record<string, unknown> | null;

export interface TestDatabase {
  /** The superuser connection (migrations' owner): sees everything, RLS does not apply. */
  readonly admin: Session;
  /** Runs `fn` in one transaction, committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Session) => Promise<T>): Promise<T>;
  /** The local stack's HTTP app (Auth at /auth/v1, Data API at /rest/v1). */
  fetch(request: Request): Promise<Response>;
  /** The superuser connection string (a real Postgres only; PGlite has no network port). */
  readonly url?: string;
  close(): Promise<void>;
}

async function openPglite(): Promise<TestDatabase> {
  // A copy of the directory prepared once for the run (tests/support/pglite-template-setup.ts).
  const dataDir = await dataDirFromTemplate('route-planner-pglite-');
  try {
    const backend = await createBackend({ dataDir, siteUrl, seed: false });
    const pglite = backend.app.connection.driver;
    if (!(pglite instanceof PGlite))
      throw new Error('createBackend without databaseUrl runs on PGlite');
    const session = (runner: Pick<PGlite, 'query'>): Session => ({
      query: async <T extends Row>(text: string, params: unknown[] = []) =>
        (await runner.query<T>(text, params)).rows,
    });
    return {
      admin: session(pglite),
      transaction: (fn) => pglite.transaction((tx) => fn(session(tx))),
      fetch: (request) => backend.fetch(request),
      close: async () => {
        await backend.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function openPostgres15(): Promise<TestDatabase> {
  const database = await startPostgres15();
  try {
    const backend = await createBackend({
      databaseUrl: database.url,
      siteUrl,
      seed: false,
    });
    const sql = postgres(database.url, { max: 2, onnotice: () => {} });
    const session = (runner: postgres.Sql | postgres.TransactionSql): Session => ({
      query: async <T extends Row>(text: string, params: unknown[] = []) => [
        ...(await runner.unsafe<T[]>(text, params as postgres.ParameterOrJSON<never>[])),
      ],
    });
    if (!database.serverVersion.startsWith('15.')) {
      console.warn(
        `[db tests] expected PostgreSQL 15 (what hosted Supabase runs), got ${database.serverVersion}`,
      );
    }
    return {
      admin: session(sql),
      transaction: async (fn) =>
        (await sql.begin((tx) => fn(session(tx)))) as Awaited<ReturnType<typeof fn>>,
      fetch: (request) => backend.fetch(request),
      url: database.url,
      close: async () => {
        await sql.end({ timeout: 5 });
        await backend.close();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

interface BackendCase {
  label: string;
  open: () => Promise<TestDatabase>;
  /** Why this backend cannot run here; set only outside CI (in CI it fails instead). */
  skipReason?: string;
}

function backendCases(): BackendCase[] {
  const pg15 = postgres15Availability();
  const pg15Case: BackendCase = { label: 'PostgreSQL 15', open: openPostgres15 };
  if (!pg15.available) {
    if (process.env.CI === 'true') {
      pg15Case.open = () =>
        Promise.reject(new Error(`PostgreSQL 15 is required in CI: ${pg15.reason}`));
    } else {
      pg15Case.skipReason = pg15.reason;
    }
  }
  return [{ label: 'PGlite (embedded)', open: openPglite }, pg15Case];
}

/**
 * Declares `suite` once per backend. `suite` receives a getter for the open database
 * (available inside tests and hooks, not while the suite is being declared).
 */
export function describeOnEveryBackend(title: string, suite: (db: () => TestDatabase) => void) {
  for (const backendCase of backendCases()) {
    if (backendCase.skipReason) {
      console.warn(
        `[db tests] ${title}: the PostgreSQL 15 run was skipped: ${backendCase.skipReason}`,
      );
      describe.skip(`${title} [${backendCase.label}]`, () => suite(() => unreachable()));
      continue;
    }
    describe(`${title} [${backendCase.label}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await backendCase.open();
      });
      afterAll(async () => {
        await database?.close();
      });
      suite(() => {
        if (!database) throw new Error(`${backendCase.label} did not start`);
        return database;
      });
    });
  }
}

function unreachable(): never {
  throw new Error('skipped backend');
}

/**
 * Runs `fn` in one transaction as an API role with the given JWT claims, the way the
 * Data API does it: `set local role`, then transaction-local `request.jwt.claims`.
 * The legacy per-claim settings (`request.jwt.claim.sub`/`.role`) are set too, from the
 * same claims, because @supabase/lite sets both and its auth.uid() reads only the legacy
 * one (see `auth.uid() reads the sub from request.jwt.claims alone` in rls.test.ts).
 */
export function asRole<T>(
  db: TestDatabase,
  role: ApiRole,
  claims: Claims,
  fn: (tx: Session) => Promise<T>,
  options: { legacyClaimSettings?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    if (claims) {
      const json = JSON.stringify(claims);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [json]);
      if (options.legacyClaimSettings !== false) {
        await tx.query(
          `select set_config('request.jwt.claim.sub', coalesce($1::text::jsonb ->> 'sub', ''), true),
                  set_config('request.jwt.claim.role', coalesce($1::text::jsonb ->> 'role', ''), true)`,
          [json],
        );
      }
    }
    return fn(tx);
  });
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose');
  }
}

/** Like asRole, but always rolls back: for probes whose success would change data. */
export async function asRoleRolledBack<T>(
  db: TestDatabase,
  role: ApiRole,
  claims: Claims,
  fn: (tx: Session) => Promise<T>,
): Promise<T> {
  try {
    await asRole(db, role, claims, async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the transaction was not rolled back');
}

export interface TestUser {
  id: string;
  email: string;
  claims: Record<string, unknown>;
  /** The access token Auth issued (signUpUser only). */
  token?: string;
}

/** Claims shaped like the access tokens Auth issues to a signed-in user. */
export function userClaims(id: string, email: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    iat: now,
    exp: now + 3600,
    aal: 'aal1',
  };
}

/** Creates a confirmed user straight in auth.users (fast; no password). */
export async function insertUser(db: TestDatabase, label: string): Promise<TestUser> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await db.admin.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1::uuid, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, email],
  );
  return { id, email, claims: userClaims(id, email) };
}

/** Signs a user up through the local Auth API and returns the claims of the token it issued. */
export async function signUpUser(db: TestDatabase, label: string): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await db.fetch(
    new Request('http://localhost/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery' }),
    }),
  );
  const body = (await response.json()) as { access_token?: string; user?: { id: string } };
  if (!response.ok || !body.access_token || !body.user) {
    throw new Error(`signup failed (${response.status}): ${JSON.stringify(body)}`);
  }
  const payload = JSON.parse(
    Buffer.from(body.access_token.split('.')[1], 'base64url').toString('utf8'),
  );
  return { id: body.user.id, email, claims: payload, token: body.access_token };
}

export interface Stop {
  id?: string;
  name: string;
  lat: number;
  lng: number;
}

/** A fixed stop id for fixtures (the database keeps the ids it is given): `n` from 1. */
export const stopId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const sampleStops: Stop[] = [
  { id: stopId(1), name: 'Times Square, Manhattan, New York', lat: 40.758, lng: -73.9855 },
  {
    id: stopId(2),
    name: 'Empire State Building, 350 5th Ave, New York',
    lat: 40.7484,
    lng: -73.9857,
  },
];

/** Stops as written, without the ids the database gave them (to compare with what was sent). */
export const withoutStopIds = (stops: unknown) =>
  (stops as Record<string, unknown>[]).map(({ id: _id, ...stop }) => stop);

/** Inserts an itinerary for `owner` as the admin and returns its id. */
export async function insertItinerary(
  db: TestDatabase,
  owner: TestUser,
  title = 'Manhattan deliveries',
  stops: unknown = sampleStops,
): Promise<string> {
  const [row] = await db.admin.query<{ id: string }>(
    `insert into public.itineraries (user_id, title, stops) values ($1::uuid, $2, $3::text::jsonb) returning id`,
    [owner.id, title, JSON.stringify(stops)],
  );
  return row.id;
}

/** Inserts a share for an itinerary as the admin and returns its token. */
export async function insertShare(
  db: TestDatabase,
  owner: TestUser,
  itineraryId: string,
): Promise<string> {
  const token = shareToken();
  await db.admin.query(
    `insert into public.itinerary_shares (token, itinerary_id, user_id) values ($1, $2::uuid, $3::uuid)`,
    [token, itineraryId, owner.id],
  );
  return token;
}

/** A URL-safe token of 128 random bits, like the api function's. */
export function shareToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Everything stored for a user, as the admin sees it: compare before and after an attack. */
export async function snapshotOf(db: TestDatabase, user: TestUser) {
  const itineraries = await db.admin.query(
    `select id, user_id, title, stops, total_distance, total_duration, created_at, updated_at,
            day_plan, day_group
     from public.itineraries where user_id = $1::uuid order by id`,
    [user.id],
  );
  const shares = await db.admin.query(
    `select token, itinerary_id, user_id, created_at, revoked_at, include_notes
     from public.itinerary_shares where user_id = $1::uuid order by token`,
    [user.id],
  );
  return JSON.parse(JSON.stringify({ itineraries, shares }));
}

/** The SQLSTATE of a rejected query, or 'ok' with the rows it returned. */
export async function outcome(query: Promise<Row[]>): Promise<{ code: string; rows?: Row[] }> {
  try {
    return { code: 'ok', rows: await query };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    return { code };
  }
}

export const SQLSTATE = {
  insufficientPrivilege: '42501',
  checkViolation: '23514',
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
} as const;
