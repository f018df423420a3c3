// The proxies cannot be turned against anyone: whatever the request carries, only the
// configured upstream is fetched, on a fixed path, with every parameter encoded and
// bounded. Each test checks the exact request the fake upstream received.
import { afterEach, describe, expect, it } from 'vitest';
import { call, fakes, uniquePoints, uniqueText } from './client.ts';

afterEach(async () => {
  await fakes.setMode('nominatim', 'ok');
  await fakes.setMode('osrm', 'ok');
});

async function onlyRequest(fake: 'nominatim' | 'osrm' | 'photon') {
  const requests = await fakes.requests(fake);
  expect(requests, JSON.stringify(requests.map((r) => r.path))).toHaveLength(1);
  return requests[0];
}

describe('geocoding search: hostile q', () => {
  const hostile = [
    'Paris&format=xml&',
    'Paris&q=London',
    'Paris#fragment',
    'Paris\nHost: evil.example',
    'Paris\r\nX-Injected: 1',
    '../../../etc/passwd',
    '/search?q=x',
    '%2e%2e%2f%2e%2e%2f',
    'http://169.254.169.254/latest/meta-data/',
    'Zürich ☃ ü 東京',
  ];

  it.each(hostile)(
    'sends %j to the configured geocoder as one encoded q parameter',
    async (text) => {
      const q = uniqueText(text);
      await fakes.clearRequests('nominatim');
      const answer = await call('GET', `/geocoding/search?q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      const request = await onlyRequest('nominatim');
      const received = new URL(request.path, 'http://upstream.invalid');
      expect(received.pathname).toBe('/search');
      expect([...received.searchParams.keys()]).toEqual(['q', 'limit', 'format']);
      expect(received.searchParams.get('q')).toBe(q.trim());
      expect(received.searchParams.get('format')).toBe('json');
      expect(received.searchParams.get('limit')).toBe('5');
      expect(request.path).toBe(
        `/search?${new URLSearchParams({ q: q.trim(), limit: '5', format: 'json' })}`,
      );
      expect(request.path).not.toMatch(/[#\s\r\n]/);
    },
  );

  it('sends the exact, encoded request for a known case', async () => {
    const marker = uniqueText('x').split(' ')[1];
    await fakes.clearRequests('nominatim');
    await call('GET', `/geocoding/search?q=${encodeURIComponent(`a&format=xml&#b ${marker}`)}`);
    expect((await onlyRequest('nominatim')).path).toBe(
      `/search?q=a%26format%3Dxml%26%23b+${marker}&limit=5&format=json`,
    );
  });

  it('accepts 300 characters and refuses 301 or a megabyte without calling the geocoder', async () => {
    await fakes.clearRequests('nominatim');
    const q300 = uniqueText('y').padEnd(300, 'y');
    expect((await call('GET', `/geocoding/search?q=${q300}`)).status).toBe(200);
    const answer = await call('GET', `/geocoding/search?q=${'y'.repeat(301)}`);
    expect([400, 414, 431]).toContain(answer.status);
    // A megabyte of address: refused with a status, or the server closes the connection before
    // reading it all (ECONNRESET while the request is still being written, on a busy machine).
    const megabyte = await call('GET', `/geocoding/search?q=${'y'.repeat(1024 * 1024)}`).then(
      (refusal) => refusal.status,
      (error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return 'reset';
        throw error;
      },
    );
    expect([400, 414, 431, 'reset']).toContain(megabyte);
    expect(await fakes.requests('nominatim')).toHaveLength(1);
  });

  it('ignores extra query parameters and hostile language headers', async () => {
    const q = uniqueText('Berlin');
    await fakes.clearRequests('nominatim');
    const answer = await call(
      'GET',
      `/geocoding/search?q=${encodeURIComponent(q)}&format=xml&url=http://evil.example&limit=1000`,
      {
        headers: {
          'accept-language': 'de"><script>, en;q=0.5',
          'x-forwarded-host': 'evil.example',
        },
      },
    );
    expect(answer.status).toBe(200);
    const request = await onlyRequest('nominatim');
    expect(request.path).toBe(`/search?${new URLSearchParams({ q, limit: '5', format: 'json' })}`);
    // Deno's fetch sends its default `*` when the API sets none.
    expect([undefined, '*']).toContain(request.headers['accept-language']);
    expect(request.headers.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});

describe('search as you type: hostile q and parameters', () => {
  it('sends q and the validated, formatted parameters as Photon /api parameters, nothing else', async () => {
    const q = uniqueText('Paris&lat=0&lon=0&bbox=-180,-90,180,90#x');
    await fakes.clearRequests('photon');
    const answer = await call(
      'GET',
      `/geocoding/autocomplete?q=${encodeURIComponent(q)}&lat=48.8566&lng=2.3522&zoom=9&lang=de&format=xml&url=http://evil.example&osm_tag=x`,
      { headers: { 'accept-language': 'fr"><script>' } },
    );
    expect(answer.status).toBe(200);
    const requests = await fakes.requests('photon');
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe(
      `/api?${new URLSearchParams({ q, limit: '8', lang: 'de', lat: '48.857', lon: '2.352', zoom: '9' })}`,
    );
  });
});

describe('geocoding reverse: hostile coordinates', () => {
  it('refuses exponents, hex, signs, spaces, separators and long numbers without calling the geocoder', async () => {
    await fakes.clearRequests('nominatim');
    const bad = [
      '1e1',
      '1E-3',
      '0x10',
      '0b1',
      '+12',
      '12.5.5',
      '12,5',
      ' 12 x',
      '١٢',
      'Infinity',
      '-Infinity',
      'NaN',
      '1'.repeat(1000),
      '12&lon=1',
      '48.8566%00',
      '48.8566/../x',
    ];
    for (const value of bad) {
      for (const query of [
        `lat=${encodeURIComponent(value)}&lng=2.35`,
        `lat=48.85&lng=${encodeURIComponent(value)}`,
      ]) {
        const answer = await call('GET', `/geocoding/reverse?${query}`);
        expect(answer.status, query).toBe(400);
        expect(typeof answer.body.error).toBe('string');
      }
    }
    expect(await fakes.requests('nominatim')).toHaveLength(0);
  });

  it('sends exactly lat, lon (rounded to 5 decimals), zoom, addressdetails and format', async () => {
    const [point] = uniquePoints(1, { lat: 48.85, lng: 2.35 });
    const lat = point.lat.toFixed(7);
    const lng = point.lng.toFixed(7);
    await fakes.clearRequests('nominatim');
    const answer = await call(
      'GET',
      `/geocoding/reverse?lat=${lat}&lng=${lng}&format=xml&zoom=3&email=x@evil.example`,
    );
    expect(answer.status).toBe(200);
    const request = await onlyRequest('nominatim');
    expect(request.path).toBe(
      `/reverse?lat=${Number(lat).toFixed(5)}&lon=${Number(lng).toFixed(5)}&zoom=18&addressdetails=1&format=json`,
    );
  });
});

describe('route service: hostile points', () => {
  it('refuses coordinates that are not JSON numbers in range, without calling the router', async () => {
    await fakes.clearRequests('osrm');
    const bad = ['1e1', '0x10', '10', null, true, [], {}, Infinity, -91, 181];
    for (const value of bad) {
      const answer = await call('POST', '/routes/segment', {
        body: { from: { lat: value, lng: 1 }, to: { lat: 1, lng: value } },
      });
      expect(answer.status, JSON.stringify(value)).toBe(400);
    }
    const raw = await call('POST', '/routes/segment', {
      rawBody: '{"from":{"lat":NaN,"lng":1},"to":{"lat":1,"lng":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await fakes.requests('osrm')).toHaveLength(0);
  });

  it('builds the router path from numbers only: extra fields and exponent notation change nothing', async () => {
    const [from, to] = uniquePoints(2);
    await fakes.clearRequests('osrm');
    const body = `{"from":{"lat":${from.lat * 1e3}e-3,"lng":${from.lng},"url":"http://evil.example/","path":"../../x"},"to":{"lat":${to.lat},"lng":${to.lng},"name":"a;b/c?d#e"}}`;
    const answer = await call('POST', '/routes/segment', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    const request = await onlyRequest('osrm');
    const coordinates = `${from.lng.toFixed(6)},${Number(`${from.lat * 1e3}e-3`).toFixed(6)};${to.lng.toFixed(6)},${to.lat.toFixed(6)}`;
    expect(request.path).toBe(
      `/route/v1/driving/${coordinates}?overview=full&geometries=geojson&steps=true`,
    );
  });
});
