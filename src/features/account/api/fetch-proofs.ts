import type { ProofDownload, ProofFile } from '../model/export-archive';

/**
 * Downloads the drivers' photos and signatures the export links to (short-lived links, fetched
 * right away), as files for the archive. Any that fails fails the export: an archive that looks
 * whole but misses a proof would be worse than trying again.
 */
export function fetchProofs(
  downloads: readonly ProofDownload[],
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<ProofFile[]> {
  return Promise.all(
    downloads.map(async ({ name, url }) => {
      const response = await fetcher(url);
      if (!response.ok) throw new Error(`${name} could not be downloaded (${response.status})`);
      return { name, data: new Uint8Array(await response.arrayBuffer()) };
    }),
  );
}
