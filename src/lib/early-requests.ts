/**
 * The answer a page shows first, asked for before the page's code has arrived: the script before
 * the first paint (src/app/start-up/head-script.ts) sends the page's first /api GET, as does the
 * router for a page the app goes to before its code is here (src/app/page-data-ahead.ts); the
 * app's client (src/lib/api-client.ts) takes its answer instead of sending the same request
 * again. On a phone's network the page's code and its data then come in the same round trips
 * instead of one after the other (fast 3G: about 560 ms each, plus the transfer).
 *
 * The two are separate bundles (the script is inlined in the HTML): they meet on the window.
 */
import { FRESH_FOR_MS } from '@/lib/answer-freshness';

export interface EarlyRequest {
  /** The address, as the client builds it (src/lib/api-url.ts). */
  url: string;
  /** The bearer token it carries (the stored session's), or null. */
  token: string | null;
  /** When it went out (performance.now()). */
  startedAt: number;
  /** Its answer while nobody took it; null once taken, or for a GET the client sent itself. */
  response: Promise<Response> | null;
}

const REGISTRY = '__routePlannerEarlyRequests';
type Registry = { [REGISTRY]?: EarlyRequest[] };
const requests = () => ((globalThis as Registry)[REGISTRY] ??= []);

const isFresh = (request: EarlyRequest, url: string, token: string | null, now: number) =>
  request.url === url && request.token === token && now - request.startedAt < FRESH_FOR_MS;

/** The GETs sent within FRESH_FOR_MS, the older ones forgotten. */
function recent(now: number): EarlyRequest[] {
  const list = requests();
  const kept = list.filter((request) => now - request.startedAt < FRESH_FOR_MS);
  list.splice(0, list.length, ...kept);
  return list;
}

/**
 * Sends a GET with the headers the client sends with one, and keeps its answer for the client;
 * nothing when the same GET went out within FRESH_FOR_MS (early, or by the client itself), whose
 * answer is as fresh.
 */
export function startEarlyRequest(url: string, token: string | null): void {
  const now = performance.now();
  const sent = recent(now);
  if (sent.some((request) => isFresh(request, url, token, now))) return;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(url, { headers });
  // Taken or not, a failure is the client's to report (it asks again), never an unhandled one.
  response.catch(() => undefined);
  sent.push({ url, token, startedAt: now, response });
}

/**
 * The answer of the early GET of `url` sent with `token`, once: a request with another token
 * (the session was refreshed, or another account signed in) is not that one. An answer is taken
 * while it is fresh (FRESH_FOR_MS, the query client's staleTime).
 */
export function takeEarlyResponse(
  url: string,
  token: string | null,
  now = performance.now(),
): Promise<Response> | undefined {
  const early = requests().find(
    (request) => request.response !== null && isFresh(request, url, token, now),
  );
  if (!early?.response) return undefined;
  const { response } = early;
  early.response = null;
  return response;
}

/**
 * The client sent this GET itself (no early answer was there to take): an early GET of it sent
 * now, by a page whose code came first, would only ask again.
 */
export function noteOwnRequest(url: string, token: string | null): void {
  const now = performance.now();
  recent(now).push({ url, token, startedAt: now, response: null });
}

/**
 * Forgets every GET sent: the app's client calls it when it sends a change (any request but a
 * GET), after which an answer asked for earlier may show what the change replaced.
 */
export function dropEarlyResponses(): void {
  requests().length = 0;
}
