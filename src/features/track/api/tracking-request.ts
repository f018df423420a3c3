import type { ApiGet } from '@/lib/api-url';

/**
 * The tracking page's GET: the page's query sends it, and the script before the first paint
 * sends it early (src/app/start-up/page-requests.ts). Without imports of its own, so that the
 * inline script stays small.
 */
export const trackingRequest = (token: string): ApiGet => ({
  path: `/track/${encodeURIComponent(token)}`,
});
