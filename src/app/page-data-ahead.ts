import { env } from '@/config/env';
import { apiUrl } from '@/lib/api-url';
import { startEarlyRequest } from '@/lib/early-requests';
import { getAccessToken } from '@/lib/supabase';
import { pageRequest } from './start-up/page-requests';

/**
 * The first /api GET of the page at `pathname`, sent while the page's code is on its way (the
 * router calls it when the app goes to a page whose code is not here yet): the request the
 * script before the first paint sends for the page a visit starts on (src/lib/early-requests.ts).
 * Without it a tap on My Routes from the planner waited for the page's code, its evaluation and
 * its first render before asking (about 230 ms at CPU 4×), then for a fast-3G round trip.
 */
export async function requestPageDataAhead(pathname: string): Promise<void> {
  const token = await getAccessToken();
  const request = pageRequest(pathname, token !== null);
  if (request) startEarlyRequest(apiUrl(env.apiUrl, request.path, request.query), token);
}
