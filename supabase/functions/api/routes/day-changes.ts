/**
 * The day changes while it runs (owner): POST /itineraries/{id}/stops/{stopId}/move moves a stop
 * still to do to another of the caller's routes, both saved in one transaction or neither
 * (move_stop); POST /itineraries/{id}/stops adds a stop to a route. Where it goes: the place asked for, else the cheapest place after the last stop
 * reported on (domain/day-changes.ts). Each route is saved only over the version read here; one
 * changed in between is read again, a stop with a driver's report stays where it is.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { saveStopTimes } from '../../_shared/save-stop-times.ts';
import { isStopId, newStopId, type Stop } from '../../_shared/domain/stops.ts';
import { lockIssue } from '../../_shared/domain/day-plan/day-plan.ts';
import { placeFor, withStopAt } from '../../_shared/domain/day-changes.ts';
import type { Itinerary, MoveSide } from '../../_shared/itinerary-store.ts';
import { addStopInputSchema, moveInputSchema } from '../../_shared/day-change-validation.ts';
import { requireUser } from '../middleware.ts';
import { itineraryId } from './itineraries.ts';

const NOT_FOUND = 'Itinerary not found';
const STOP_NOT_FOUND = 'Stop not found on this itinerary';
/** A route edited between the read and the save is read again, this many times at most. */
const ATTEMPTS = 3;

function stopIdParam(c: Context<AppEnv>): string {
  const id = c.req.param('stopId')?.toLowerCase();
  if (!isStopId(id)) throw new ApiError(404, STOP_NOT_FOUND);
  return id;
}

/** A route as it will be saved: its stops, and its totals computed here from them. */
async function sideOf(c: Context<AppEnv>, route: Itinerary, stops: Stop[]) {
  const computed = await computeRoute(c.var.router, stops, { geometry: false });
  const side: MoveSide = {
    id: route.id,
    version: route.updated_at,
    stops,
    total_distance: computed.totalDistance,
    total_duration: computed.totalDuration,
  };
  return { side, legs: computed.legs.map((leg) => leg.duration) };
}

/** Reads both routes and tries the move once; null when a route changed since it was read. */
async function moveOnce(
  c: Context<AppEnv>,
  stopId: string,
  fromId: string,
  toId: string,
  place?: number,
) {
  const [from, to] = await Promise.all([
    c.var.itineraries.get(fromId),
    c.var.itineraries.get(toId),
  ]);
  if (!from || !to) throw new ApiError(404, NOT_FOUND);
  const index = from.stops.findIndex((stop) => stop.id === stopId);
  if (index < 0) throw new ApiError(404, STOP_NOT_FOUND);
  if (index === 0) throw new ApiError(409, 'The start of a route does not move');
  // A lock orders a stop within its driver's route: the stop arrives where asked or where it
  // costs least, and without its lock (the new route may have its own stop locked there).
  const { lock: _oldRouteLock, ...stop } = from.stops[index];
  const reported = new Set(
    (await c.var.driverReports.reports([to.id])).map((report) => report.stopId),
  );
  const placed = withStopAt(to.stops, stop, placeFor(to.stops, stop, reported, place));
  const [fromSide, toSide] = await Promise.all([
    sideOf(
      c,
      from,
      from.stops.filter((item) => item.id !== stopId),
    ),
    sideOf(c, to, placed),
  ]);
  const result = await c.var.itineraries.moveStop(stopId, [fromSide.side, toSide.side]);
  switch (result.outcome) {
    case 'changed':
      return null;
    case 'missing':
      throw new ApiError(404, STOP_NOT_FOUND);
    case 'reported':
      throw new ApiError(409, 'This stop has a driver’s report; it stays on its route');
    case 'moved': {
      const [savedFrom, savedTo] = result.itineraries;
      // The new versions' planned times, for the customers' tracking links (see PUT /:id).
      await Promise.all([
        saveStopTimes(c.var.router, c.var.tracking, savedFrom, fromSide.legs),
        saveStopTimes(c.var.router, c.var.tracking, savedTo, toSide.legs),
      ]).catch((error) =>
        console.error('api: the planned times of a moved stop’s routes were not saved', error),
      );
      return { from: savedFrom, to: savedTo };
    }
  }
}

/** Reads the route and adds the stop once; null when the route changed since it was read. */
async function addOnce(c: Context<AppEnv>, routeId: string, stop: Stop, place?: number) {
  const route = await c.var.itineraries.get(routeId);
  if (!route) throw new ApiError(404, NOT_FOUND);
  const reported = new Set(
    (await c.var.driverReports.reports([route.id])).map((report) => report.stopId),
  );
  const stops = withStopAt(route.stops, stop, placeFor(route.stops, stop, reported, place));
  if (lockIssue(stops)) throw new ApiError(400, 'Only one stop can be locked first, one last');
  const { side, legs } = await sideOf(c, route, stops);
  const saved = await c.var.itineraries.update(
    route.id,
    {
      title: route.title,
      stops: side.stops,
      total_distance: side.total_distance,
      total_duration: side.total_duration,
    },
    route.updated_at,
  );
  if (!saved) return null;
  await saveStopTimes(c.var.router, c.var.tracking, saved, legs).catch((error) =>
    console.error('api: the planned times of a route with an added stop were not saved', error),
  );
  return saved;
}

export const dayChangeRoutes = new Hono<AppEnv>()
  // The route as saved, with the new stop in its place.
  .post('/:id/stops', requireUser, async (c) => {
    const routeId = itineraryId(c);
    const input = parseInput(addStopInputSchema, await readJsonBody(c));
    // A new stop of this route: its id is given here (one sent in the body is not kept).
    const stop = { ...input.stop, id: newStopId() };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const saved = await addOnce(c, routeId, stop, input.place);
      if (saved) return c.json(saved, 201);
    }
    throw new ApiError(409, 'This route keeps changing; load it again and retry');
  })
  .post('/:id/stops/:stopId/move', requireUser, async (c) => {
    const fromId = itineraryId(c);
    const stopId = stopIdParam(c);
    const input = parseInput(moveInputSchema, await readJsonBody(c));
    const toId = input.to.toLowerCase();
    if (toId === fromId.toLowerCase())
      throw new ApiError(400, 'to must be another itinerary than the stop’s');
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const moved = await moveOnce(c, stopId, fromId, toId, input.place);
      if (moved) return c.json(moved, 200);
    }
    throw new ApiError(409, 'These routes keep changing; load them again and retry');
  });
