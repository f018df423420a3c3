import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ApiConfig } from '../_shared/config.ts';
import { ApiError, errorBody } from '../_shared/http.ts';
import { createUpstreamGate } from '../_shared/throttle.ts';
import { createCachedGeocoder, createNominatimClient } from '../_shared/geocoding.ts';
import { createPhotonClient, withPhotonSuggestions } from '../_shared/photon.ts';
import { createCachedRouter, createOsrmClient } from '../_shared/routing.ts';
import { createSharedState } from '../_shared/shared-state.ts';
import { connectDatabase } from '../_shared/database.ts';
import { sqlItineraryStores } from '../_shared/itinerary-store-sql.ts';
import { dataApiItineraryStores } from '../_shared/itinerary-store-data-api.ts';
import { sqlDriverStores } from '../_shared/driver-store-sql.ts';
import { dataApiDriverStores } from '../_shared/driver-store-data-api.ts';
import { sqlTrackingStores } from '../_shared/tracking-store-sql.ts';
import { dataApiTrackingStores } from '../_shared/tracking-store-data-api.ts';
import { createProofStorage } from '../_shared/proof-storage.ts';
import type { AppEnv, Services } from './context.ts';
import { authRoutes } from './routes/auth.ts';
import { itineraryRoutes } from './routes/itineraries.ts';
import { driverLinkRoutes } from './routes/driver-links.ts';
import { dayGroupRoutes, progressRoutes } from './routes/progress.ts';
import { driveRoutes } from './routes/drive.ts';
import { trackRoutes, trackingLinkRoutes } from './routes/tracking.ts';
import { dayChangeRoutes } from './routes/day-changes.ts';
import { accountRoutes } from './routes/account.ts';
import { geocodingRoutes } from './routes/geocoding.ts';
import { routingRoutes } from './routes/routing.ts';
import { rateLimit } from './rate-limit.ts';
import { proofSweepCadence } from './proofs.ts';

export function createServices(config: ApiConfig): Services {
  const sharedState = createSharedState(config);
  const gate = (upstream: string) =>
    createUpstreamGate({
      upstream,
      minIntervalMs: config.upstreamMinIntervalMs,
      maxWaitMs: config.upstreamMaxWaitMs,
      state: sharedState,
    });
  const geocoder = createNominatimClient({
    baseUrl: config.nominatimUrl,
    timeoutMs: config.geocoderTimeoutMs,
    userAgent: config.userAgent,
    waitTurn: gate(`geocoder ${config.nominatimUrl}`),
  });
  const photon = createPhotonClient({
    baseUrl: config.photonUrl,
    timeoutMs: config.geocoderTimeoutMs,
    userAgent: config.userAgent,
    waitTurn: gate(`geocoder ${config.photonUrl}`),
    languages: config.photonLanguages,
  });
  const router = createOsrmClient({
    baseUrl: config.osrmUrl,
    timeoutMs: config.routerTimeoutMs,
    userAgent: config.userAgent,
    waitTurn: gate(`router ${config.osrmUrl}`),
  });
  const database = config.databaseUrl ? connectDatabase(config.databaseUrl) : null;
  return {
    config,
    sharedState,
    itineraryStores: database ? sqlItineraryStores(database) : dataApiItineraryStores(config),
    driverStores: database ? sqlDriverStores(database) : dataApiDriverStores(config),
    trackingStores: database ? sqlTrackingStores(database) : dataApiTrackingStores(config),
    proofStorage: createProofStorage(config),
    geocoder: createCachedGeocoder(
      withPhotonSuggestions(geocoder, photon),
      sharedState,
      config.geocodingCacheTtlSeconds,
    ),
    router: createCachedRouter(router, sharedState, config.routingCacheTtlSeconds),
  };
}

/**
 * Keeps work going after the answer without delaying it: hosted Supabase may end an Edge Function
 * instance once it has answered, unless EdgeRuntime.waitUntil holds the work; the local stack's
 * function is a plain Deno process (no EdgeRuntime), where the work runs on by itself.
 */
function inBackground(work: Promise<void>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?(work: Promise<unknown>): void } })
    .EdgeRuntime;
  runtime?.waitUntil?.(work);
}

/** The /api contract (docs/api.md), served by the one `api` Edge Function. */
export function createApp(services: Services) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(
    '*',
    cors({
      origin: services.config.siteUrl,
      allowHeaders: ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key'],
      exposeHeaders: ['ETag', 'Retry-After', 'Idempotent-Replayed', 'Link', 'X-Total-Count'],
      maxAge: 600,
    }),
  );
  const sweepWhenDue = proofSweepCadence(services);
  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(services) as [keyof Services, never][])
      c.set(name, value);
    await next();
    const sweeping = sweepWhenDue();
    if (sweeping) inBackground(sweeping);
  });

  app.route('/auth', authRoutes);
  // Before the itineraries' own routes: these paths are theirs (each route checks the session).
  app.route('/itineraries', driverLinkRoutes);
  app.route('/itineraries', progressRoutes);
  app.route('/itineraries', trackingLinkRoutes);
  app.route('/itineraries', dayChangeRoutes);
  app.route('/itineraries', itineraryRoutes);
  app.route('/day-groups', dayGroupRoutes);
  app.route('/drive', driveRoutes);
  app.route('/track', trackRoutes);
  app.route('/account', accountRoutes);
  app.use('/geocoding/*', rateLimit('geocoding'));
  app.use('/routes/*', rateLimit('routing'));
  app.route('/geocoding', geocodingRoutes);
  app.route('/routes', routingRoutes);
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.notFound((c) => c.json(errorBody('Not found'), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json(errorBody(error.message, error.code), error.status, error.headers);
    if (error instanceof HTTPException) return c.json(errorBody(error.message), error.status);
    console.error('api: unexpected error', error);
    return c.json(errorBody('Internal server error'), 500);
  });
  return app;
}
