/**
 * How long an /api answer counts as fresh: the query client's staleTime (a page opened again
 * within it shows the answer it has without asking), and the age up to which the app's client
 * takes an answer asked for before its code arrived (src/lib/early-requests.ts).
 */
export const FRESH_FOR_MS = 30_000;
