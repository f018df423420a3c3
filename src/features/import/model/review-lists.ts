import type { ImportEntry, ImportReview } from './import-review';
import type { ImportRow } from './parse-import';

/** How many lines of the preview read as an address, a point, or not at all. */
export function countKinds(rows: readonly ImportRow[]): Record<ImportRow['kind'], number> {
  const count = { address: 0, point: 0, unreadable: 0 };
  for (const row of rows) count[row.kind] += 1;
  return count;
}

/**
 * The lines the user has to look at: every one not ready, and the lines still waiting once the
 * lookups stopped (after a cancel), so that each one can be seen.
 */
export const needingAttention = (review: ImportReview, running: boolean): ImportEntry[] =>
  review.entries.filter(
    (entry) => entry.status !== 'ready' && (entry.status !== 'waiting' || !running),
  );

/** The lines found, ready to add. */
export const readyEntries = (review: ImportReview): ImportEntry[] =>
  review.entries.filter((entry) => entry.status === 'ready');
