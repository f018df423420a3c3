import { ApiError } from './http.ts';

/** SQLSTATEs a request's own data causes (check, not null, bad text, out of range, bad date, duplicate). */
const INVALID_DATA_STATES = new Set([
  '23514',
  '23502',
  '22P02',
  '22023',
  '22003',
  '22007',
  '22008',
  '22009',
  '23505',
]);

/**
 * The API's answer to a failed database call, whichever path it took (Data API or a direct
 * connection): the caller's fault is 4xx, an unavailable database 503, never 500.
 */
export function databaseFailure(sqlState: string, detail: string): ApiError {
  if (INVALID_DATA_STATES.has(sqlState)) return new ApiError(400, 'Invalid itinerary data');
  if (sqlState === '42501') return new ApiError(403, 'Not allowed');
  console.error('api: database failure', sqlState, detail);
  return new ApiError(503, 'Database unavailable, please try again');
}
