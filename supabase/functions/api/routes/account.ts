/**
 * The signed-in user's own account (GDPR articles 15, 17 and 20):
 * GET /account/export, everything stored for the account as one JSON document (the format is
 * documented in docs/api.md), and DELETE /account, which deletes the account with every
 * itinerary and share link at once (public.delete_own_account, as the caller: RLS and the
 * function's own auth.uid() decide whose account, never a parameter).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { User } from '@supabase/supabase-js';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import { deleteAccountSchema } from '../../_shared/account-validation.ts';
import { supabaseAs } from '../../_shared/supabase.ts';
import type { Itinerary, ShareLink } from '../../_shared/itinerary-store.ts';
import type { DriverLinkRecord, OwnedReport } from '../../_shared/driver-store.ts';
import type { TrackingLinkRecord } from '../../_shared/tracking-store.ts';
import { BEARER, forgetSessionsOf, requireUser } from '../middleware.ts';
import { proofLinks, removeProofsOf, sweepOrphanProofs } from '../proofs.ts';
import { ownerReport } from '../../_shared/route-progress.ts';

/** Name and version of the export document (docs/api.md: "The account export"). */
export const EXPORT_FORMAT = 'route-planner-account-export';
export const EXPORT_VERSION = 1;

/**
 * The caller as Auth knows them now (requireUser may answer from a 30-second cache: an email
 * changed a moment ago must already be the one the export shows and deletion compares).
 */
async function currentUser(c: Context<AppEnv>): Promise<User> {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new ApiError(401, 'Invalid or expired token');
  const { data, error } = await supabaseAs(c.var.config, token).auth.getUser(token);
  if (error || !data.user) {
    const status = error?.status ?? 0;
    if (status === 0 || status >= 500)
      throw new ApiError(503, 'Authentication service unavailable, please try again');
    throw new ApiError(401, 'Invalid or expired token');
  }
  if (data.user.id !== c.var.user.id) throw new ApiError(401, 'Invalid or expired token');
  return data.user;
}

/** What the export lists with each itinerary: its links and what drivers reported. */
interface ItineraryRecords {
  shareLinks: ShareLink[];
  driverLinks: DriverLinkRecord[];
  reports: OwnedReport[];
  trackingLinks: TrackingLinkRecord[];
  /** Links to the reports' photos and signatures, for the archive to fetch them. */
  linkOf: (objectPath: string) => string | undefined;
}

/**
 * An itinerary with its share links, driver links, stop reports (every one, the earlier
 * reports of a stop too, oldest first) and its stops' tracking links, as the export lists it.
 */
function exportedItinerary(itinerary: Itinerary, records: ItineraryRecords, siteUrl: string) {
  const ofThis = <T extends { itinerary_id: string }>(rows: T[]) =>
    rows.filter((row) => row.itinerary_id === itinerary.id);
  return {
    ...itinerary,
    share_links: ofThis(records.shareLinks).map((link) => ({
      url: `${siteUrl}/share/${link.token}`,
      include_notes: link.include_notes,
      created_at: link.created_at,
      revoked_at: link.revoked_at,
    })),
    driver_links: ofThis(records.driverLinks).map((link) => ({
      url: `${siteUrl}/drive/${link.token}`,
      created_at: link.created_at,
      revoked_at: link.revoked_at,
    })),
    stop_reports: records.reports
      .filter((report) => report.itineraryId === itinerary.id)
      .map((report) => ownerReport(report, records.linkOf))
      .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)),
    tracking_links: ofThis(records.trackingLinks).map((link) => ({
      url: `${siteUrl}/track/${link.token}`,
      stop_id: link.stop_id,
      show_photo: link.show_photo,
      contact: link.contact,
      created_at: link.created_at,
      revoked_at: link.revoked_at,
    })),
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export const accountRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/export', async (c) => {
    const user = await currentUser(c);
    const [itineraries, shareLinks, driverLinks, trackingLinks] = await Promise.all([
      c.var.itineraries.list(),
      c.var.itineraries.listShares(),
      c.var.driverReports.links(),
      c.var.tracking.links(),
    ]);
    const reports = await c.var.driverReports.reports(itineraries.map(({ id }) => id));
    const records = {
      shareLinks,
      driverLinks,
      reports,
      trackingLinks,
      linkOf: await proofLinks(c, reports),
    };
    const now = new Date();
    const document = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: now.toISOString(),
      account: {
        id: user.id,
        email: user.email ?? null,
        created_at: new Date(user.created_at).toISOString(),
      },
      // Oldest first, like a record; the dashboard shows newest first.
      itineraries: [...itineraries]
        .reverse()
        .map((itinerary) => exportedItinerary(itinerary, records, c.var.config.siteUrl)),
    };
    return c.json(document, 200, {
      'Content-Disposition': `attachment; filename="route-planner-data-${isoDate(now)}.json"`,
      'Cache-Control': 'no-store',
    });
  })
  // Deletes the caller's account; the body repeats the account's email address, as the
  // page asks the user to type it, so a stray request cannot delete an account.
  .delete('/', async (c) => {
    const { confirmEmail } = parseInput(deleteAccountSchema, await readJsonBody(c));
    const user = await currentUser(c);
    if ((user.email ?? '').toLowerCase() !== confirmEmail)
      throw new ApiError(400, 'confirmEmail must be this account’s email address');
    // Drivers' photos and signatures first (Storage, as the caller), then everything else at once.
    await removeProofsOf(c);
    const deleted = await c.var.itineraries.deleteAccount();
    forgetSessionsOf(user.id);
    if (!deleted) throw new ApiError(401, 'Invalid or expired token');
    await sweepOrphanProofs(c);
    return c.body(null, 204);
  });
