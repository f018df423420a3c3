import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, parseInput } from '../../_shared/http.ts';
import {
  autocompleteQuerySchema,
  reverseQuerySchema,
  searchQuerySchema,
} from '../../_shared/validation.ts';
import { preferredLanguage } from '../../_shared/geocoding.ts';

export const geocodingRoutes = new Hono<AppEnv>()
  .get('/search', async (c) => {
    const { q } = parseInput(searchQuerySchema, { q: c.req.query('q') });
    return c.json(
      await c.var.geocoder.search(q, preferredLanguage(c.req.header('accept-language'))),
    );
  })
  .get('/autocomplete', async (c) => {
    const { lang, ...query } = parseInput(autocompleteQuerySchema, {
      q: c.req.query('q'),
      lat: c.req.query('lat'),
      lng: c.req.query('lng'),
      zoom: c.req.query('zoom'),
      bbox: c.req.query('bbox'),
      limit: c.req.query('limit'),
      lang: c.req.query('lang'),
    });
    const language =
      lang ?? preferredLanguage(c.req.header('accept-language'))?.slice(0, 2).toLowerCase();
    // The caller's connection: a search superseded by the next keystroke is cancelled here too.
    const signal = c.req.raw.signal;
    try {
      const { results } = await c.var.geocoder.suggest({ ...query, language }, signal);
      return c.json(results);
    } catch (error) {
      if (signal.aborted) throw new ApiError(400, 'Search cancelled by the client');
      throw error;
    }
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
