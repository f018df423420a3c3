/**
 * The driver link (no account): GET /drive/{token}, the route to drive with what was already
 * reported; POST /drive/{token}/reports, a report on one of its stops; POST /drive/{token}/order,
 * the stops still to do in a new order (domain/order-left.ts); PUT
 * /drive/{token}/reports/{id}/photo and …/signature, the report's proof (the image as the body).
 * The token is checked in the database (the token functions); an unknown or revoked one is a 404.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readBodyBytes, readJsonBody } from '../../_shared/http.ts';
import {
  DRIVER_LINK_GONE,
  imageTypeOf,
  PROOF_MAX_BYTES,
  REPORT_NO_STOP,
  type ProofKind,
} from '../../_shared/domain/stop-reports.ts';
import {
  ORDER_ROUTE_CHANGED,
  ORDER_STOP_LOCKED,
  ORDER_STOP_REPORTED,
  withOrderLeft,
} from '../../_shared/domain/order-left.ts';
import { itineraryIdSchema } from '../../_shared/validation.ts';
import {
  driverTokenSchema,
  orderInputSchema,
  reportInputSchema,
} from '../../_shared/driver-validation.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { stopTimes } from '../../_shared/route-schedule.ts';
import { plannedTimes } from '../../_shared/route-times.ts';
import { driveAnswer } from '../../_shared/route-progress.ts';
import { limitDriverLink } from '../rate-limit.ts';

export const LINK_NOT_FOUND = 'Driver link not found or no longer valid';
const linkNotFound = () => new ApiError(404, LINK_NOT_FOUND, {}, DRIVER_LINK_GONE);

/** The token path parameter; one of the wrong shape cannot be a link, so it is a 404. */
export function driverToken(c: Context<AppEnv>): string {
  const token = c.req.param('token');
  if (!driverTokenSchema.safeParse(token).success) throw linkNotFound();
  return token!;
}

const REPORT_NOT_FOUND = 'This report is not one of the route of this driver link';

const sha256Hex = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Stores a report's photo or signature: JPEG or PNG by its content (its first bytes, whatever the
 * Content-Type says), at most 5 MB. Announced first (the token and the report checked), then
 * written to Storage, then marked stored: sent again, the same image answers 200 and stores
 * nothing; another image for a report that has one is a 409 (a correction is a new report).
 */
async function storeProof(c: Context<AppEnv>, kind: ProofKind) {
  const token = driverToken(c);
  const reportId = c.req.param('id');
  if (!itineraryIdSchema.safeParse(reportId).success) throw new ApiError(404, REPORT_NOT_FOUND);
  await limitDriverLink(c, token);
  const bytes = await readBodyBytes(
    c,
    PROOF_MAX_BYTES,
    () => new ApiError(413, `The image must be at most ${PROOF_MAX_BYTES / (1024 * 1024)} MB`),
  );
  if (bytes.byteLength === 0) throw new ApiError(400, 'The body must be the image');
  const mediaType = imageTypeOf(bytes);
  if (!mediaType) throw new ApiError(415, 'The image must be a JPEG or a PNG');
  const proof = {
    reportId: reportId!.toLowerCase(),
    kind,
    mediaType,
    size: bytes.byteLength,
    sha256: await sha256Hex(bytes),
  };
  const answer = { reportId: proof.reportId, kind, contentType: mediaType, size: proof.size };
  const announced = await c.var.driverStores.announceProof(token, proof);
  switch (announced.outcome) {
    case 'no-link':
      throw linkNotFound();
    case 'no-report':
      throw new ApiError(404, REPORT_NOT_FOUND);
    case 'taken':
      throw new ApiError(
        409,
        `This report already has another ${kind}; send a corrected report with a new id`,
      );
    case 'attached':
      return c.json(answer, 200);
  }
  await c.var.proofStorage.upload(announced.objectPath, bytes, mediaType);
  const stored = await c.var.driverStores.proofStored(token, proof, announced.objectPath);
  if (stored === 'no-link' || stored === 'no-proof') {
    // Announced again since (another image at the same moment): this object is nobody's proof.
    await c.var.proofStorage.discard(announced.objectPath).catch((error: unknown) => {
      console.error('api: an upload that lost the race stays in storage', error);
    });
  }
  if (stored === 'no-link') throw linkNotFound();
  if (stored === 'no-proof')
    throw new ApiError(409, `Another ${kind} was sent for this report meanwhile`);
  return c.json(answer, stored === 'done' ? 201 : 200);
}

const STOP_NOT_ON_ROUTE = 'This stop is not on the route of this driver link';
const routeChanged = () =>
  new ApiError(
    409,
    'The route changed since it was read; read it again and re-order from there',
    {},
    ORDER_ROUTE_CHANGED,
  );

/** The route of a link as the driver's page shows it. */
async function driveAnswerOf(c: Context<AppEnv>, token: string) {
  const route = await c.var.driverStores.driverRoute(token);
  if (!route) throw linkNotFound();
  const times = await plannedTimes(c.var.router, route.day_plan, route.stops);
  return driveAnswer(route, times);
}

/**
 * Puts the stops still to do in the order the driver chose, over the version the page read:
 * checked here (for the totals and the planned times of that order) and again by driver_reorder
 * under the route's lock, where a report made meanwhile is seen (the report stays, the order is
 * refused with 409).
 */
async function saveOrder(c: Context<AppEnv>) {
  const token = driverToken(c);
  await limitDriverLink(c, token);
  const input = parseInput(orderInputSchema, await readJsonBody(c));
  const route = await c.var.driverStores.driverRoute(token);
  if (!route) throw linkNotFound();
  if (Date.parse(route.version) !== Date.parse(input.version)) throw routeChanged();
  const statuses = new Map(route.reports.map((report) => [report.stopId, report.status]));
  const planned = withOrderLeft(route.stops, (id) => statuses.get(id), input.stopIds);
  if ('issue' in planned) {
    switch (planned.issue) {
      case 'no-stop':
        throw new ApiError(404, STOP_NOT_ON_ROUTE, {}, REPORT_NO_STOP);
      case 'reported':
        throw stopReported();
      case 'invalid':
        throw invalidOrder();
      case 'locked':
        throw orderMovesLock();
    }
  }
  const computed = await computeRoute(c.var.router, planned.stops, { geometry: false });
  const times = stopTimes(
    route.day_plan,
    planned.stops,
    computed.legs.map((leg) => leg.duration),
  );
  const saved = await c.var.driverStores.reorder(token, {
    version: input.version,
    stopIds: input.stopIds,
    totals: { total_distance: computed.totalDistance, total_duration: computed.totalDuration },
    times,
  });
  switch (saved.outcome) {
    case 'reordered':
      return c.json(await driveAnswerOf(c, token), 200, { 'Cache-Control': 'no-store' });
    case 'no-link':
      throw linkNotFound();
    case 'changed':
      throw routeChanged();
    case 'reported':
      throw stopReported();
    case 'no-stop':
      throw new ApiError(404, STOP_NOT_ON_ROUTE, {}, REPORT_NO_STOP);
    case 'invalid':
      throw invalidOrder();
    case 'locked':
      throw orderMovesLock();
  }
}

const invalidOrder = () =>
  new ApiError(400, 'stopIds must list each stop still to do once, and nothing else');
const orderMovesLock = () =>
  new ApiError(
    400,
    'A stop locked first must stay the first of the stops still to do, and one locked last the last',
    {},
    ORDER_STOP_LOCKED,
  );

const stopReported = () =>
  new ApiError(
    409,
    'A stop in the list was delivered or failed meanwhile; read the route again and re-order from there',
    {},
    ORDER_STOP_REPORTED,
  );

export const driveRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) =>
    c.json(await driveAnswerOf(c, driverToken(c)), 200, { 'Cache-Control': 'no-store' }),
  )
  .post('/:token/order', saveOrder)
  // Sending the same report id again (a lost answer, the offline queue) answers the first report
  // and saves nothing; the id of another route's report is a 409 that says nothing about it.
  .post('/:token/reports', async (c) => {
    const token = driverToken(c);
    await limitDriverLink(c, token);
    const input = parseInput(reportInputSchema, await readJsonBody(c));
    const result = await c.var.driverStores.report(token, input);
    switch (result.outcome) {
      case 'created':
        return c.json(result.report, 201);
      case 'replayed':
        return c.json(result.report, 201, { 'Idempotent-Replayed': 'true' });
      case 'no-link':
        throw linkNotFound();
      case 'no-stop':
        throw new ApiError(404, STOP_NOT_ON_ROUTE, {}, REPORT_NO_STOP);
      case 'conflict':
        throw new ApiError(409, 'This report id is already used; send the report with a new id');
    }
  })
  .put('/:token/reports/:id/photo', (c) => storeProof(c, 'photo'))
  .put('/:token/reports/:id/signature', (c) => storeProof(c, 'signature'));
