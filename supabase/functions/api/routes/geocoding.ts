import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput } from '../../_shared/http.ts';
import { reverseQuerySchema, searchQuerySchema } from '../../_shared/validation.ts';
import { preferredLanguage } from '../../_shared/geocoding.ts';

export const geocodingRoutes = new Hono<AppEnv>()
  .get('/search', async (c) => {
    const { q } = parseInput(searchQuerySchema, { q: c.req.query('q') });
    return c.json(
      await c.var.geocoder.search(q, preferredLanguage(c.req.header('accept-language'))),
    );
  })
  .get('/reverse', async (c) => {
    const { lat, lng } = parseInput(reverseQuerySchema, {
      lat: c.req.query('lat'),
      lng: c.req.query('lng'),
    });
    const place = await c.var.geocoder.reverse(
      lat,
      lng,
      preferredLanguage(c.req.header('accept-language')),
    );
    if (!place) throw new ApiError(404, 'No address found at this location');
    return c.json(place);
  });
