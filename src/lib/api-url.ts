/**
 * The address of an /api request, as the app's client (src/lib/api-client.ts) and the script
 * before the first paint (src/app/start-up/head-script.ts) both build it: one rule, so that an
 * answer asked for early is the one the client would have asked for.
 */

/** Query string parameters; undefined values are left out. */
export type ApiQuery = Record<string, string | number | undefined>;

/** A GET of the /api contract: its path below the API's base and its query. */
export interface ApiGet {
  path: string;
  query?: ApiQuery;
}

export function apiUrl(baseUrl: string, path: string, query?: ApiQuery): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
