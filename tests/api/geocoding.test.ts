import { afterEach, describe, expect, it } from 'vitest';
import { call, fakes, uniqueText } from './client.ts';

afterEach(async () => {
  await fakes.setMode('nominatim', 'ok');
});

describe('GET /api/geocoding/search', () => {
  it('answers display_name with numeric lat and lng from the geocoder', async () => {
    const answer = await call('GET', '/geocoding/search?q=Paris');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    for (const place of answer.body) {
      expect(Object.keys(place).sort()).toEqual(['display_name', 'lat', 'lng']);
      expect(typeof place.lat).toBe('number');
      expect(typeof place.lng).toBe('number');
    }
    expect(answer.body[0].display_name).toMatch(/Paris/);
    expect(answer.body[0].lat).toBeCloseTo(48.85, 1);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await call('GET', '/geocoding/search?q=Nowhereville%20Zzyzx')).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('identifies itself to the geocoder and passes the caller’s language', async () => {
    await fakes.clearRequests('nominatim');
    // A text never asked before, so the answer cannot come from the cache.
    const q = encodeURIComponent(uniqueText('Berlin'));
    await call('GET', `/geocoding/search?q=${q}`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const [request] = await fakes.requests('nominatim');
    expect(request.headers['user-agent']).toMatch(/route-planner/);
    expect(request.headers['accept-language']).toBe('de-DE');
    expect(request.path).toMatch(/^\/search\?/);
    expect(request.path).toContain('format=json');
  });

  it('refuses missing, too short and too long queries with 400', async () => {
    for (const query of ['', '?q=', '?q=ab', '?q=%20%20ab%20%20', `?q=${'x'.repeat(301)}`]) {
      const answer = await call('GET', `/geocoding/search${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatch(/q is required|at least 3|at most 300/);
    }
  });

  it('answers a clear 502 when the geocoder is down or answers garbage, and 504 when it is too slow', async () => {
    // Texts never asked before: a cached answer would not reach the failing geocoder.
    await fakes.setMode('nominatim', 'down');
    expect(await call('GET', `/geocoding/search?q=${uniqueText('Paris')}`)).toMatchObject({
      status: 502,
      body: { error: expect.stringMatching(/unavailable/) },
    });
    await fakes.setMode('nominatim', 'garbage');
    expect(await call('GET', `/geocoding/search?q=${uniqueText('Paris')}`)).toMatchObject({
      status: 502,
      body: { error: expect.stringMatching(/invalid response/) },
    });
    await fakes.setMode('nominatim', 'slow');
    expect(await call('GET', `/geocoding/search?q=${uniqueText('Paris')}`)).toMatchObject({
      status: 504,
      body: { error: 'Geocoding service timed out' },
    });
  });
});

describe('GET /api/geocoding/reverse', () => {
  it('answers the place name and the country code', async () => {
    const answer = await call('GET', '/geocoding/reverse?lat=48.8566&lng=2.3522');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ countryCode: 'FR' });
    expect(typeof answer.body.display_name).toBe('string');
    expect(typeof answer.body.lat).toBe('number');
  });

  it('answers 404 where the geocoder finds no address', async () => {
    const answer = await call('GET', '/geocoding/reverse?lat=-40&lng=-120');
    expect(answer).toMatchObject({
      status: 404,
      body: { error: 'No address found at this location' },
    });
  });

  it('refuses missing, non-numeric and out-of-range coordinates with 400', async () => {
    for (const query of [
      '',
      '?lat=1',
      '?lng=1',
      '?lat=abc&lng=1',
      '?lat=91&lng=0',
      '?lat=0&lng=181',
      '?lat=1e3&lng=1',
      '?lat=NaN&lng=1',
    ]) {
      const answer = await call('GET', `/geocoding/reverse${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
  });
});
