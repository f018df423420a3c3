/**
 * The owner's side of drivers' photos and signatures: links to them in the answers that show
 * reports, and deleting them with a route or an account (through Storage, as the owner: hosted
 * Storage keeps an object whose row is deleted by SQL, and refuses that delete); and the sweep of
 * objects no row names any more, after such a delete and once an interval otherwise.
 */
import type { Context } from 'hono';
import type { AppEnv, Services } from './context.ts';
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
 * longer delete). One round of 1000, within the delete's answer: more would keep the owner
 * waiting (20 rounds are 40 calls to Storage); the sweep of the interval takes the rest. The
 * delete is done either way: a failure here is logged, and the next delete sweeps again.
 */
export async function sweepOrphanProofs(c: Context<AppEnv>): Promise<void> {
  await c.var.proofStorage.sweep(1).catch((error: unknown) => {
    console.error('api: orphaned proofs stay in storage until the next sweep', error);
  });
}

/** The rate-limit bucket (private.rate_limit_buckets) that holds the sweep's turn. */
const SWEEP_BUCKET = 'proof-sweep';

/**
 * The sweep's own cadence, for orphans made by other means than a delete through the app: a
 * request answered once PROOF_SWEEP_INTERVAL_SECONDS have passed since the last sweep starts one,
 * behind its answer. The turn is one token of a shared bucket holding one and refilling one an
 * interval, so of all instances one sweeps an interval; an instance that lost the turn asks again
 * when the next token is due, and none asks more than once an interval in between. A failure is
 * logged, and the next turn sweeps again. Null when no sweep starts now (none without the
 * service-role key, which the sweep needs).
 */
export function proofSweepCadence({
  config,
  sharedState,
  proofStorage,
}: Pick<Services, 'config' | 'sharedState' | 'proofStorage'>): () => Promise<void> | null {
  if (!config.supabaseServiceRoleKey) return () => null;
  const intervalSeconds = config.proofSweepIntervalSeconds;
  let askAt = 0;
  return () => {
    const now = Date.now();
    if (now < askAt) return null;
    askAt = now + intervalSeconds * 1000;
    return (async () => {
      const turn = await sharedState.takeToken(SWEEP_BUCKET, 1, 1 / intervalSeconds);
      if (!turn.allowed) {
        askAt = Date.now() + turn.retryAfterSeconds * 1000;
        return;
      }
      const removed = await proofStorage.sweep();
      if (removed > 0) console.info(`api: deleted ${removed} orphaned proofs from storage`);
    })().catch((error: unknown) => {
      console.error('api: orphaned proofs stay in storage until the next sweep', error);
    });
  };
}
