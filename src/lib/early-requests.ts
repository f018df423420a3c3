/**
 * The answer a page shows first, asked for before the page's code has arrived: the script before
 * the first paint (src/app/start-up/head-script.ts) sends the page's first /api GET, and the
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
  response: Promise<Response>;
}

const REGISTRY = '__routePlannerEarlyRequests';
type Registry = { [REGISTRY]?: EarlyRequest[] };
const requests = () => ((globalThis as Registry)[REGISTRY] ??= []);

/** Sends a GET with the headers the client sends with one, and keeps its answer for the client. */
export function startEarlyRequest(url: string, token: string | null): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(url, { headers });
  // Taken or not, a failure is the client's to report (it asks again), never an unhandled one.
  response.catch(() => undefined);
  requests().push({ url, token, startedAt: performance.now(), response });
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
  const pending = requests();
  const index = pending.findIndex(
    (request) =>
      request.url === url && request.token === token && now - request.startedAt < FRESH_FOR_MS,
  );
  if (index < 0) return undefined;
  return pending.splice(index, 1)[0].response;
}
