// GET /api/geocoding/autocomplete: search as you type through Photon (the fake answers with
// Photon's GeoJSON and records the parameters it received), Nominatim when Photon is down.
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, call, fakes } from './client.ts';

afterEach(async () => {
  await fakes.setMode('photon', 'ok');
  await fakes.setMode('nominatim', 'ok');
});

/** The query string Photon (or Nominatim) received for the last request whose q matches. */
async function received(fake: 'photon' | 'nominatim', q: string) {
  const requests = await fakes.requests(fake);
  const mine = requests.filter((r) => new URL(r.path, 'http://x').searchParams.get('q') === q);
  return mine.map((r) => ({ ...r, params: new URL(r.path, 'http://x').searchParams }));
}

/** A bias point no other test uses (the cache keys include it), near `near`. */
let nudge = 0;
const near = (lat: number, lng: number) => {
  nudge += 1;
  return { lat: (lat + nudge / 1000).toFixed(3), lng: lng.toFixed(3) };
};

describe('GET /api/geocoding/autocomplete', () => {
  it('answers a name and a second line (street, city, country) for each place, from Photon', async () => {
    await fakes.clearRequests('photon');
    const answer = await call('GET', '/geocoding/autocomplete?q=Empire%20State');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        name: 'Empire State Building',
        address: '350 5th Avenue, New York, United States',
        display_name: 'Empire State Building, 350 5th Avenue, New York, United States',
        lat: 40.7484421,
        lng: -73.9856589,
      },
    ]);
    const [request] = await received('photon', 'Empire State');
    expect(request.path).toMatch(/^\/api\?/);
    expect(request.params.get('limit')).toBe('8');
    expect(request.headers['user-agent']).toMatch(/route-planner/);
  });

  it('tells two streets of the same name apart by their second line', async () => {
    const answer = await call('GET', '/geocoding/autocomplete?q=Main%20Stre');
    expect(answer.status).toBe(200);
    expect(answer.body.map((place: { address: string }) => place.address).sort()).toEqual([
      'Hartford, United States',
      'Springfield, United States',
    ]);
    for (const place of answer.body) expect(place.name).toBe('Main Street');
  });

  it('forwards the bias to the view (lat, lon, zoom), rounded to 3 decimals, and the nearest comes first', async () => {
    await fakes.clearRequests('photon');
    const hartford = near(41.7637, -72.6731);
    const answer = await call(
      'GET',
      `/geocoding/autocomplete?q=Main%20Street&lat=${hartford.lat}1234&lng=${hartford.lng}&zoom=12`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toMatchObject({
      name: 'Main Street',
      address: 'Hartford, United States',
    });
    const [request] = await received('photon', 'Main Street');
    expect(Object.fromEntries(request.params)).toMatchObject({
      lat: String(Number(hartford.lat)),
      lon: String(Number(hartford.lng)),
      zoom: '12',
      limit: '8',
    });

    // The same text biased to Springfield (40 km away): Springfield's Main Street first.
    const springfield = near(42.1015, -72.5898);
    const other = await call(
      'GET',
      `/geocoding/autocomplete?q=Main%20Street&lat=${springfield.lat}&lng=${springfield.lng}`,
    );
    expect(other.body[0].address).toBe('Springfield, United States');
  });

  it('forwards bbox (only places inside), limit and the language Photon has names in', async () => {
    await fakes.clearRequests('photon');
    const answer = await call(
      'GET',
      '/geocoding/autocomplete?q=Main&bbox=-73,41.5,-72.5,41.9&limit=3&lang=FR',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].address).toBe('Hartford, United States');
    const [request] = await received('photon', 'Main');
    expect(Object.fromEntries(request.params)).toMatchObject({
      bbox: '-73,41.5,-72.5,41.9',
      limit: '3',
      lang: 'fr',
    });
  });

  it('takes the language from Accept-Language, and sends none that Photon has no names in', async () => {
    await fakes.clearRequests('photon');
    await call('GET', '/geocoding/autocomplete?q=Berli', {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const [german] = await received('photon', 'Berli');
    expect(german.params.get('lang')).toBe('de');
    // Spanish: the public instance answers 400 to lang=es; the proxy asks for the local names.
    const spanish = await call('GET', '/geocoding/autocomplete?q=Berlin&lang=es');
    expect(spanish.status).toBe(200);
    expect(spanish.body[0].name).toBe('Berlin');
    const [request] = await received('photon', 'Berlin');
    expect(request.params.has('lang')).toBe(false);
  });

  it('asks Photon once for the same search (shared cache)', async () => {
    await fakes.clearRequests('photon');
    const spot = near(40.75, -73.98);
    const path = `/geocoding/autocomplete?q=Times%20Sq&lat=${spot.lat}&lng=${spot.lng}`;
    const first = await call('GET', path);
    const second = await call('GET', path);
    expect(second.body).toEqual(first.body);
    expect(await received('photon', 'Times Sq')).toHaveLength(1);
  });

  it('answers from Nominatim, with the same shape and the bias as its viewbox, when Photon is down', async () => {
    for (const mode of ['down', 'garbage']) {
      await fakes.setMode('photon', mode);
      await fakes.clearRequests('nominatim');
      const spot = near(40.75, -73.98);
      const answer = await call(
        'GET',
        `/geocoding/autocomplete?q=Empire&lat=${spot.lat}&lng=${spot.lng}&zoom=14`,
      );
      expect(answer.status, mode).toBe(200);
      expect(answer.body, mode).toEqual([
        {
          name: 'Empire State Building',
          address: '350 5th Avenue, New York, United States',
          display_name: 'Empire State Building, 350 5th Avenue, New York, United States',
          lat: 40.7484421,
          lng: -73.9856589,
        },
      ]);
      const [request] = await received('nominatim', 'Empire');
      expect(request.path).toMatch(/^\/search\?/);
      expect(Object.fromEntries(request.params)).toMatchObject({
        limit: '8',
        addressdetails: '1',
        format: 'json',
      });
      const [minLng, minLat, maxLng, maxLat] = request.params
        .get('viewbox')!
        .split(',')
        .map(Number);
      expect(minLng).toBeLessThan(Number(spot.lng));
      expect(maxLng).toBeGreaterThan(Number(spot.lng));
      expect(minLat).toBeLessThan(Number(spot.lat));
      expect(maxLat).toBeGreaterThan(Number(spot.lat));
    }
  });

  it('answers 502 {error} when Photon and Nominatim are both down', async () => {
    await fakes.setMode('photon', 'down');
    await fakes.setMode('nominatim', 'down');
    const spot = near(40.75, -73.98);
    const answer = await call(
      'GET',
      `/geocoding/autocomplete?q=Empire&lat=${spot.lat}&lng=${spot.lng}`,
    );
    expect(answer).toMatchObject({
      status: 502,
      body: { error: expect.stringMatching(/unavailable/) },
    });
  });

  it('cancels the upstream call when the caller gives up (no fallback for a superseded search)', async () => {
    await fakes.setMode('photon', 'slow');
    await fakes.clearRequests('photon');
    await fakes.clearRequests('nominatim');
    const spot = near(48.85, 2.35);
    const controller = new AbortController();
    const pending = fetch(
      `${apiUrl()}/geocoding/autocomplete?q=Paris&lat=${spot.lat}&lng=${spot.lng}`,
      { signal: controller.signal },
    ).catch((error: unknown) => error);
    // Wait until the search has reached Photon, then give up.
    for (let i = 0; i < 100 && (await received('photon', 'Paris')).length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    // Past the proxy's 1.5 s upstream timeout: a search still running would have fallen back
    // to Nominatim by now.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [request] = await received('photon', 'Paris');
    expect(request.aborted).toBe(true);
    expect(await received('nominatim', 'Paris')).toHaveLength(0);
  });

  it('refuses malformed parameters with 400 {error}', async () => {
    const cases: [string, RegExp][] = [
      ['', /q is required/],
      ['?q=ab', /at least 3/],
      ['?q=Paris&lat=48.8', /lat and lng go together/],
      ['?q=Paris&lng=2.3', /lat and lng go together/],
      ['?q=Paris&lat=91&lng=2', /lat must be between/],
      ['?q=Paris&lat=1e1&lng=2', /lat must be a decimal number/],
      ['?q=Paris&lat=48&lng=2&zoom=19', /zoom must be a whole number from 0 to 18/],
      ['?q=Paris&lat=48&lng=2&zoom=1.5', /zoom must be a whole number/],
      ['?q=Paris&zoom=10', /zoom needs lat and lng/],
      ['?q=Paris&bbox=1,2,3', /bbox must be minLng,minLat,maxLng,maxLat/],
      ['?q=Paris&bbox=1,2,3,x', /bbox must be minLng,minLat,maxLng,maxLat/],
      ['?q=Paris&bbox=3,2,1,4', /min < max/],
      ['?q=Paris&bbox=-200,2,1,4', /within ±90/],
      ['?q=Paris&limit=0', /limit must be a whole number from 1 to 8/],
      ['?q=Paris&limit=9', /limit must be a whole number from 1 to 8/],
      ['?q=Paris&limit=abc', /limit must be a whole number from 1 to 8/],
      ['?q=Paris&lang=eng', /lang must be a two-letter language code/],
      ['?q=Paris&lang=e%26', /lang must be a two-letter language code/],
    ];
    for (const [query, message] of cases) {
      const answer = await call('GET', `/geocoding/autocomplete${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toMatch(message);
    }
  });
});
