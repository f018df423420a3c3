import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ApiConfig } from '../_shared/config.ts';
import { errorBody } from '../_shared/http.ts';
import { createThrottle } from '../_shared/throttle.ts';
import { createNominatimClient } from '../_shared/geocoding.ts';
import { createOsrmClient } from '../_shared/routing.ts';
import type { AppEnv, Services } from './context.ts';
import { authRoutes } from './routes/auth.ts';
import { itineraryRoutes } from './routes/itineraries.ts';
import { geocodingRoutes } from './routes/geocoding.ts';
import { routingRoutes } from './routes/routing.ts';

export function createServices(config: ApiConfig): Services {
  return {
    config,
    geocoder: createNominatimClient({
      baseUrl: config.nominatimUrl,
      timeoutMs: config.geocoderTimeoutMs,
      userAgent: config.userAgent,
      waitTurn: createThrottle(config.upstreamMinIntervalMs),
    }),
    router: createOsrmClient({
      baseUrl: config.osrmUrl,
      timeoutMs: config.routerTimeoutMs,
      userAgent: config.userAgent,
      waitTurn: createThrottle(config.upstreamMinIntervalMs),
    }),
  };
}

/** The spec's /api contract (section 7), served by the one `api` Edge Function. */
export function createApp(services: Services) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use('*', cors({ origin: services.config.siteUrl, allowHeaders: ['Authorization', 'Content-Type'], maxAge: 600 }));
  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(services) as [keyof Services, never][]) c.set(name, value);
    await next();
  });

  app.route('/auth', authRoutes);
  app.route('/itineraries', itineraryRoutes);
  app.route('/geocoding', geocodingRoutes);
  app.route('/routes', routingRoutes);
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.notFound((c) => c.json(errorBody('Not found'), 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json(errorBody(error.message), error.status);
    console.error('api: unexpected error', error);
    return c.json(errorBody('Internal server error'), 500);
  });
  return app;
}
