/**
 * Bounds on what a client may send, one source of truth for the SPA, the `api`
 * function and (mirrored in SQL) the database checks.
 */

/** Names from a search or a click are cut to 100 characters plus an ellipsis. */
export const STOP_NAME_DISPLAY_CHARS = 100;
/** Longest stop name the backend accepts (a cut name is 101 chars; imports may carry longer ones). */
export const STOP_NAME_MAX_CHARS = 500;
export const TITLE_MAX_CHARS = 200;
/** Longest optional stop note (a door code, a phone number, delivery instructions). */
export const STOP_NOTE_MAX_CHARS = 1000;
/** The product promises no stop limit; the request body size is the real bound. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Minimum 2 stops to calculate a route. */
export const MIN_STOPS_TO_CALCULATE = 2;
/** Minimum search query length. */
export const MIN_SEARCH_QUERY_CHARS = 3;
export const MAX_SEARCH_QUERY_CHARS = 300;
/** Most stops in one POST /api/routes/table (a 500 x 500 table is two 250,000-value matrices). */
export const ROUTE_TABLE_MAX_STOPS = 500;
