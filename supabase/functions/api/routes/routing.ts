import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { parseInput, readJsonBody } from '../../_shared/http.ts';
import { routeStopsSchema, routeTableSchema, segmentSchema } from '../../_shared/validation.ts';
import { computeRoute } from '../../_shared/routing.ts';
import { computeTable } from '../../_shared/routing-table.ts';

/**
 * The route service. Every answer is complete: a leg the router fails on is the
 * great-circle estimate, flagged `estimated: true`.
 */
export const routingRoutes = new Hono<AppEnv>()
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
