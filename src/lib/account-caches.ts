/**
 * Cached server data belongs to the account that fetched it. Caches (the TanStack Query
 * client, which loads with the pages that use it) register here, and the identity provider
 * clears them when the account changes, without importing them.
 */
const clearers = new Set<() => void>();

/** Registers a cache; returns the function that unregisters it. */
export function registerAccountCache(clear: () => void): () => void {
  clearers.add(clear);
  return () => {
    clearers.delete(clear);
  };
}

export function clearAccountCaches(): void {
  for (const clear of clearers) clear();
}
