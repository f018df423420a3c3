/**
 * Itineraries and share links as the caller sees them. Row-level security decides what
 * each operation may read or change, whichever path reaches the database: the Data API
 * with the caller's token (itinerary-store-data-api.ts) or a direct connection that takes
 * the caller's role and claims in each transaction (itinerary-store-sql.ts). The API's
 * rules (validation, totals, one active link per itinerary) live in the routes, once.
 */
import type { DayPlan } from './domain/day-plan/day-plan.ts';
import type { Stop } from './domain/stops.ts';
import type { ItinerarySort } from './domain/itinerary-list.ts';

export interface Itinerary {
  id: string;
  title: string;
  stops: Stop[];
  total_distance: number;
  total_duration: number;
  /** ISO 8601 */
  created_at: string;
  updated_at: string;
  /** The working day (departure, default time at stop, end rule); absent: no times. */
  day_plan?: DayPlan;
  /** Shared by the itineraries of one day split among drivers; absent: a route on its own. */
  day_group?: string;
}

/**
 * What a create or an update writes. `day_plan` and `day_group`: a value sets them, null
 * clears them, undefined (absent) leaves them as they are (a client that does not know them,
 * such as an older app or the offline outbox of one, never erases them).
 */
export type ItineraryFields = Pick<
  Itinerary,
  'title' | 'stops' | 'total_distance' | 'total_duration'
> & {
  day_plan?: DayPlan | null;
  day_group?: string | null;
};

/**
 * What creating with an Idempotency-Key did: a new itinerary, the key's itinerary again (as it
 * is now), nothing because the key was used with another request body, or nothing because
 * the key's itinerary has been deleted since.
 */
export type CreateOnceResult =
  { outcome: 'created' | 'replayed'; itinerary: Itinerary } | { outcome: 'mismatch' | 'deleted' };

export interface ItineraryStore {
  /** The caller's itineraries, newest first. */
  list(): Promise<Itinerary[]>;
  /**
   * A page of the caller's itineraries (public.list_itineraries): matching the search, in the
   * order asked, after the cursor, at most `pageSize` (null: all the rest).
   */
  listPage(request: ItineraryPageRequest, pageSize: number | null): Promise<ItineraryPage>;
  /** null when it does not exist or is not the caller's. */
  get(id: string): Promise<Itinerary | null>;
  create(fields: ItineraryFields): Promise<Itinerary>;
  /**
   * Creates once per `key` (a UUID) for 24 hours, in one transaction (create_itinerary_once):
   * `requestHash` (SHA-256 hex of the request's title and stops) tells a retry from a reuse.
   */
  createOnce(key: string, requestHash: string, fields: ItineraryFields): Promise<CreateOnceResult>;
  /**
   * null when it does not exist, is not the caller's, or (with `onlyIfUpdatedAt`, an ISO
   * 8601 time) was updated at another time since: see `updatedAtRange`.
   */
  update(id: string, fields: ItineraryFields, onlyIfUpdatedAt?: string): Promise<Itinerary | null>;
  /**
   * Moves a stop from the first route to the second in one transaction (public.move_stop): both
   * saved with the stops and totals given, each only if still at the version given, or neither.
   */
  moveStop(stopId: string, routes: readonly [MoveSide, MoveSide]): Promise<MoveResult>;
  /** false when there was nothing of the caller's to delete. */
  remove(id: string): Promise<boolean>;
  owns(id: string): Promise<boolean>;
  activeShareToken(itineraryId: string): Promise<string | null>;
  /** The itinerary's active link and whether it shows the stops' notes; null when none. */
  activeShare(itineraryId: string): Promise<ActiveShare | null>;
  /**
   * false when the itinerary already has an active link (another request made it).
   * `includeNotes`: the link shows the stops' notes (default: it does not).
   */
  addShare(itineraryId: string, token: string, includeNotes?: boolean): Promise<boolean>;
  /** Sets whether the active link shows the notes; false when there is no active link. */
  setShareNotes(itineraryId: string, includeNotes: boolean): Promise<boolean>;
  /** false when there was no active link. */
  revokeShares(itineraryId: string): Promise<boolean>;
  /** Every share link of the caller, active and revoked, oldest first (the data export). */
  listShares(): Promise<ShareLink[]>;
  /**
   * Deletes the caller's account with every itinerary and share link, in one transaction
   * (public.delete_own_account); false when the account no longer exists.
   */
  deleteAccount(): Promise<boolean>;
}

/** One route of a move: its id, the version read, and what it becomes. */
export type MoveSide = Pick<Itinerary, 'id' | 'stops' | 'total_distance' | 'total_duration'> & {
  /** updated_at as read (ISO 8601): the route is saved only if it is still that version. */
  version: string;
};

/**
 * What a move did: both routes saved (as saved: from, then to), or nothing because a route is at
 * another version now, the stop has a driver's report, or a route or the stop is not the caller's.
 */
export type MoveResult =
  | { outcome: 'moved'; itineraries: [Itinerary, Itinerary] }
  | { outcome: 'changed' | 'reported' | 'missing' };

/** move_stop's arguments: the routes as the function reads them. */
export const moveArgument = (routes: readonly [MoveSide, MoveSide]) =>
  routes.map((route) => ({ ...route, version: new Date(route.version).toISOString() }));

/** The answer of move_stop (one row) as a MoveResult. */
export function moveResult(row: Record<string, unknown> | undefined): MoveResult {
  const outcome = row?.outcome;
  if (outcome === 'moved') {
    const saved = (
      typeof row!.itineraries === 'string' ? JSON.parse(row!.itineraries) : row!.itineraries
    ) as Record<string, unknown>[];
    const [from, to] = saved.map((item) =>
      itineraryFromRow(Object.fromEntries(ITINERARY_COLUMNS.map((name) => [name, item[name]]))),
    );
    return { outcome, itineraries: [from, to] };
  }
  if (outcome === 'changed' || outcome === 'reported' || outcome === 'missing') return { outcome };
  throw new Error(`move_stop answered ${JSON.stringify(outcome)}`);
}

export interface ActiveShare {
  token: string;
  includeNotes: boolean;
}

/** A share link as its owner's data export lists it. */
export interface ShareLink {
  token: string;
  itinerary_id: string;
  include_notes: boolean;
  /** ISO 8601 */
  created_at: string;
  revoked_at: string | null;
}

export const SHARE_LINK_COLUMNS = [
  'token',
  'itinerary_id',
  'include_notes',
  'created_at',
  'revoked_at',
] as const;

/** A share link row with ISO 8601 times whatever the path's text format. */
export const asShareLink = (row: Record<string, unknown>): ShareLink => ({
  token: String(row.token),
  itinerary_id: String(row.itinerary_id),
  include_notes: row.include_notes === true,
  created_at: new Date(row.created_at as string | Date).toISOString(),
  revoked_at:
    row.revoked_at === null || row.revoked_at === undefined
      ? null
      : new Date(row.revoked_at as string | Date).toISOString(),
});

/** SQLSTATE of delete_own_account when the caller's account is already gone. */
export const NO_ACCOUNT_SQLSTATE = 'P0002';

export interface SharedRoute {
  title: string;
  stops: Stop[];
  /** The day's plan, when the route has one (the shared page shows its times). */
  day_plan?: DayPlan;
}

/** The itinerary stores of one deployment: per caller, and the public shared view. */
export interface ItineraryStores {
  /** `claims`: the payload of the caller's verified session token. */
  asCaller(accessToken: string, claims: Record<string, unknown>): ItineraryStore;
  /** Title and stops behind a valid, unrevoked share token (no account needed); null otherwise. */
  sharedRoute(token: string): Promise<SharedRoute | null>;
}

export const ITINERARY_COLUMNS = [
  'id',
  'title',
  'stops',
  'total_distance',
  'total_duration',
  'created_at',
  'updated_at',
  'day_plan',
  'day_group',
] as const;

/**
 * The updated_at values an ISO 8601 time stands for: the API shows times to the
 * millisecond and Postgres keeps microseconds, so a version is the millisecond it names.
 */
export function updatedAtRange(iso: string): { from: string; before: string } {
  const ms = Date.parse(iso);
  return { from: new Date(ms).toISOString(), before: new Date(ms + 1).toISOString() };
}

/** The answer of create_itinerary_once (one row) as a CreateOnceResult. */
export function createOnceResult(row: Record<string, unknown> | undefined): CreateOnceResult {
  const outcome = row?.outcome;
  if (outcome === 'created' || outcome === 'replayed') {
    const { outcome: _, ...itinerary } = row!;
    return { outcome, itinerary: itineraryFromRow(itinerary) };
  }
  if (outcome === 'mismatch' || outcome === 'deleted') return { outcome };
  throw new Error(`create_itinerary_once answered ${JSON.stringify(outcome)}`);
}

/** Timestamps as ISO 8601 whatever the path's text format (browsers parse only ISO reliably). */
export const withIsoTimestamps = <Row extends { created_at: unknown; updated_at: unknown }>(
  row: Row,
) => ({
  ...row,
  created_at: new Date(row.created_at as string | Date).toISOString(),
  updated_at: new Date(row.updated_at as string | Date).toISOString(),
});

/**
 * A row of public.itineraries as the API answers it: ISO 8601 times, and no day plan or day
 * group when it has none, so a route saved without them reads exactly as before.
 */
export function itineraryFromRow(row: Record<string, unknown>): Itinerary {
  const { day_plan, day_group, ...rest } = withIsoTimestamps(
    row as unknown as Itinerary & { day_plan?: unknown; day_group?: unknown },
  );
  return {
    ...rest,
    ...(day_plan !== null && day_plan !== undefined ? { day_plan } : {}),
    ...(day_group !== null && day_group !== undefined ? { day_group: String(day_group) } : {}),
  };
}

/** The shared view's row: the plan only when there is one. */
export function sharedRouteFromRow(row: Record<string, unknown>): SharedRoute {
  return {
    title: String(row.title),
    stops: row.stops as Stop[],
    ...(row.day_plan !== null && row.day_plan !== undefined ? { day_plan: row.day_plan } : {}),
  };
}

/**
 * What a card shows: the itinerary without its stops, with their number, and whether it has a
 * share link that works (My Routes offers to revoke only then).
 */
export type ItinerarySummary = Omit<Itinerary, 'stops'> & { stop_count: number; shared: boolean };

/**
 * Where a page starts: after the row with this place in the order (list_itineraries'
 * sort_number or sort_text) and this id. Opaque to clients (base64url of JSON).
 */
export interface PageCursor {
  sort: ItinerarySort;
  number: number | null;
  text: string | null;
  id: string;
}

export interface ItineraryPageRequest {
  summary: boolean;
  /** Each route's progress, and its day's (what My Routes' cards show once drivers report). */
  progress: boolean;
  /** null: every matching itinerary after the cursor. */
  limit: number | null;
  cursor: PageCursor | null;
  /** Every word must be in the title or a stop's name (any case, with or without accents). */
  words: string[] | null;
  sort: ItinerarySort;
}

/** One row of list_itineraries: the itinerary (stops only when asked for) and its place. */
export interface ListedItinerary {
  itinerary: Itinerary | ItinerarySummary;
  cursor: PageCursor;
}

export interface ItineraryPage {
  rows: ListedItinerary[];
  /** How many itineraries match the search (on every page). */
  total: number;
}

/** A row of public.list_itineraries: a summary, or the whole itinerary when it carries stops. */
export function listedFromRow(row: Record<string, unknown>, sort: ItinerarySort): ListedItinerary {
  const { stop_count, shared, sort_number, sort_text, total_count: _, ...rest } = row;
  const { stops, ...summary } = itineraryFromRow(rest);
  const cursor: PageCursor = {
    sort,
    number: sort_number === null || sort_number === undefined ? null : Number(sort_number),
    text: typeof sort_text === 'string' ? sort_text : null,
    id: String(row.id),
  };
  if (stops === null || stops === undefined)
    return {
      itinerary: { ...summary, stop_count: Number(stop_count), shared: shared === true },
      cursor,
    };
  return { itinerary: { ...summary, stops }, cursor };
}

/** A page of list_itineraries' rows (total_count is on every row; 0 without rows). */
export const pageFromRows = (
  rows: readonly Record<string, unknown>[],
  sort: ItinerarySort,
): ItineraryPage => ({
  rows: rows.map((row) => listedFromRow(row, sort)),
  total: rows.length > 0 ? Number(rows[0].total_count) : 0,
});

/** list_itineraries' arguments by name (the Data API's rpc names them; SQL passes them in order). */
export function listArguments(request: ItineraryPageRequest, pageSize: number | null) {
  return {
    search_words: request.words,
    sort: request.sort,
    page_size: pageSize,
    after_number: request.cursor?.number ?? null,
    after_text: request.cursor?.text ?? null,
    after_id: request.cursor?.id ?? null,
    with_stops: !request.summary,
  };
}
