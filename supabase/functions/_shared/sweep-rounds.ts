/**
 * A sweep of orphaned objects in rounds: each round lists up to `batch` orphans and deletes them
 * (Storage deletes at most 1000 objects a request). A full round means more may wait, so the
 * sweep goes on, up to `maxRounds`; a round that deleted fewer than it listed ends it (an object
 * Storage keeps would be listed again, and a sweep must end).
 */
export async function sweepInRounds(
  steps: {
    /** Up to `max` objects no proof names. */
    list(max: number): Promise<readonly string[]>;
    /** Deletes them; answers how many went. */
    remove(objectPaths: readonly string[]): Promise<number>;
  },
  { batch, maxRounds }: { batch: number; maxRounds: number },
): Promise<number> {
  let removed = 0;
  for (let round = 0; round < maxRounds; round++) {
    const orphans = await steps.list(batch);
    if (orphans.length === 0) break;
    const gone = await steps.remove(orphans);
    removed += gone;
    if (orphans.length < batch || gone < orphans.length) break;
  }
  return removed;
}
