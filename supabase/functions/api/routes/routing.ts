import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput, readJsonBody } from '../../_shared/http.ts';
import {
  routeStopsSchema,
  routeTableBlockSchema,
  routeTableSchema,
  segmentSchema,
} from '../../_shared/validation.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { computeBlock, computeTable } from '../../_shared/routing-table.ts';
import { gateIntervalMs } from '../../_shared/throttle.ts';

/**
 * The route service. Every answer is complete: a leg the router fails on is the
 * great-circle estimate, flagged `estimated: true`.
 */
export const routingRoutes = new Hono<AppEnv>()
  // What a client needs to ask for a big table itself, block by block: the router's table
  // limit (sources and destinations per block) and the spacing the upstream gate keeps
  // between two router requests (0: none, an own router).
  .get('/limits', (c) =>
    c.json({
      tableMaxCoordinates: c.var.config.routerTableMaxCoordinates,
      upstreamIntervalMs: gateIntervalMs(c.var.config.upstreamMinIntervalMs),
    }),
  )
  // One pair of points: its line for the map, distance and duration.
  .post('/segment', async (c) => {
    const { from, to } = parseInput(segmentSchema, await readJsonBody(c));
    const route = await computeRoute(c.var.router, [from, to], { geometry: true });
    return c.json(route.legs[0]);
  })
  // Totals of a whole route (and per-leg figures, without lines).
  .post('/total', async (c) => {
    const { stops } = parseInput(routeStopsSchema, await readJsonBody(c));
    const route = await computeRoute(c.var.router, stops, {
      geometry: false,
      maxWaypoints: c.var.config.routerMaxWaypoints,
    });
    return c.json({
      totalDistance: route.totalDistance,
      totalDuration: route.totalDuration,
      legs: route.legs.map(({ distance, duration, estimated }) => ({
        distance,
        duration,
        estimated,
      })),
    });
  })
  // Totals and every leg with its line, in as few router requests as possible.
  .post('/legs', async (c) => {
    const { stops } = parseInput(routeStopsSchema, await readJsonBody(c));
    return c.json(
      await computeRoute(c.var.router, stops, {
        geometry: true,
        maxWaypoints: c.var.config.routerMaxWaypoints,
      }),
    );
  })
  // One block of a table: from each of the sources to each of the destinations, in one router
  // request (cached per block), so that a client can assemble a table of any size, show how far
  // it has got and use what it already has. `estimated`: the router failed on this block.
  .post('/table/block', async (c) => {
    const { sources, destinations } = parseInput(routeTableBlockSchema, await readJsonBody(c));
    const limit = c.var.config.routerTableMaxCoordinates;
    for (const [name, side] of [
      ['sources', sources],
      ['destinations', destinations ?? []],
    ] as const) {
      if (side.length > limit)
        throw new ApiError(
          400,
          `${name} must hold at most ${limit} points (the router's table limit)`,
        );
    }
    return c.json(await computeBlock(c.var.router.table, sources, destinations));
  })
  // Distances and durations between every pair of stops (the optimiser's road costs), or only
  // the tables `include` names.
  .post('/table', async (c) => {
    const { stops, include } = parseInput(routeTableSchema, await readJsonBody(c));
    const table = await computeTable(c.var.router.table, stops, {
      blockSize: c.var.config.routerTableMaxCoordinates,
    });
    if (!include) return c.json(table);
    return c.json({
      ...(include.includes('distances') ? { distances: table.distances } : {}),
      ...(include.includes('durations') ? { durations: table.durations } : {}),
      estimated: table.estimated,
    });
  });
