/**
 * The owner's side of drivers' photos and signatures: links to them in the answers that show
 * reports, and deleting them with a route or an account (through Storage, as the owner: hosted
 * Storage keeps an object whose row is deleted by SQL, and refuses that delete).
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import type { OwnedReport } from '../_shared/driver-store.ts';

/** Links to the proofs of `reports`, signed once for all of them (the owner's own only). */
export async function proofLinks(
  c: Context<AppEnv>,
  reports: readonly OwnedReport[],
): Promise<(objectPath: string) => string | undefined> {
  const paths = reports.flatMap((report) =>
    [report.photoPath, report.signaturePath].filter((path): path is string => Boolean(path)),
  );
  if (paths.length === 0) return () => undefined;
  const links = await c.var.proofStorage.links(c.var.accessToken, paths);
  return (objectPath) => links.get(objectPath);
}

/**
 * Deletes the proofs of these itineraries (every one of the caller's when none are named), before
 * the rows that name them go: a failure leaves everything in place, to be tried again.
 */
export async function removeProofsOf(
  c: Context<AppEnv>,
  itineraryIds?: readonly string[],
): Promise<void> {
  const paths = await c.var.driverReports.proofPaths(itineraryIds);
  await c.var.proofStorage.remove(c.var.accessToken, paths);
}

/**
 * After an owner's delete: deletes objects no proof names any more, the owner's and anyone
 * else's (a route deleted through the Data API leaves its objects behind, which its owner can no
 * longer delete). The delete is done either way: a failure here is logged, and the next delete
 * sweeps again.
 */
export async function sweepOrphanProofs(c: Context<AppEnv>): Promise<void> {
  await c.var.proofStorage.sweep().catch((error: unknown) => {
    console.error('api: orphaned proofs stay in storage until the next sweep', error);
  });
}
