// Property-based: generated bodies, headers, paths and query strings against every
// endpoint. Every answer is a success or a 4xx with {error} (never a 5xx), and no
// row of another user changes. FUZZ_RUNS sets the number of requests per endpoint
// (default sized to keep npm test quick; e.g. FUZZ_RUNS=2000 for a long run).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, call, newUser, stops, type TestUser } from './client.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let attacker: TestUser;
let victim: TestUser;
let victimId: string;
let victimShare: string;
let attackerId: string;

beforeAll(async () => {
  [attacker, victim] = await Promise.all([newUser(), newUser()]);
  const created = await call('POST', '/itineraries', {
    token: victim.token,
    body: { title: 'Victim', stops: [stops.timesSquare, stops.unionSquare] },
  });
  victimId = created.body.id;
  victimShare = (
    await call('POST', `/itineraries/${victimId}/share`, { token: victim.token })
  ).body.shareUrl.split('/share/')[1];
  await call('POST', `/itineraries/${victimId}/driver-link`, { token: victim.token });
  await call('POST', `/itineraries/${victimId}/tracking-links`, { token: victim.token });
  attackerId = (
    await call('POST', '/itineraries', {
      token: attacker.token,
      body: { title: 'Mine', stops: [stops.empireState] },
    })
  ).body.id;
});

async function victimSnapshot() {
  const list = await call('GET', '/itineraries', { token: victim.token });
  const shared = await call('GET', `/itineraries/share/${victimShare}`);
  const link = await call('GET', `/itineraries/${victimId}/share`, { token: victim.token });
  const me = await call('GET', '/auth/me', { token: victim.token });
  const driverLink = await call('GET', `/itineraries/${victimId}/driver-link`, {
    token: victim.token,
  });
  const progress = await call('GET', `/itineraries/${victimId}/progress`, { token: victim.token });
  const trackingLinks = await call('GET', `/itineraries/${victimId}/tracking-links`, {
    token: victim.token,
  });
  return {
    list: list.body,
    shared: shared.status,
    link: link.body,
    me: me.body,
    driverLink: driverLink.body,
    progress: progress.body,
    trackingLinks: trackingLinks.body,
  };
}

// Anything JSON can carry, biased towards the shapes the API expects.
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 90, -90, 180, -180, 90.0000001, 1e308, -1e-308),
);
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    "' or 1=1 --",
    '<script>',
    '../..',
    '%00',
    'a'.repeat(600),
    '1e3',
    '0x10',
  ),
);
const point = fc.record(
  { lat: fc.oneof(number, weirdString, fc.constant(null)), lng: fc.oneof(number, weirdString) },
  { requiredKeys: [] },
);
// The working day's values: times of day, windows, locks, plans and group ids.
const clock = fc.oneof(
  fc.constantFrom('09:00', '23:59', '00:00', '24:00', '9:00', '12:60', '', 'noon'),
  weirdString,
  number,
);
const dayWindow = fc.oneof(
  fc.record({ start: clock, end: clock }, { requiredKeys: [] }),
  weirdString,
  fc.jsonValue(),
);
const stop = fc.record(
  {
    name: fc.oneof(weirdString, number),
    lat: fc.oneof(number, weirdString),
    lng: number,
    serviceMinutes: fc.oneof(number, weirdString, fc.constantFrom(0, 240, 241, -1, 2.5)),
    window: dayWindow,
    lock: fc.oneof(fc.constantFrom('first', 'last', 'middle', ''), weirdString, number),
    load: fc.oneof(number, weirdString, fc.constantFrom(0, 1, 9999, 10_000, -1, 0.5)),
  },
  { requiredKeys: [] },
);
const dayPlan = fc.oneof(
  fc.record(
    {
      departure: fc.oneof(
        fc.constantFrom(
          '2026-03-02T08:00+01:00',
          '2026-03-29T02:30+01:00',
          '2026-02-30T08:00Z',
          '2026-03-02T08:00',
          '2026-03-02T08:00+99:00',
        ),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        weirdString,
        number,
      ),
      timeZone: fc.oneof(
        fc.constantFrom('Europe/Paris', 'UTC', 'Mars/Olympus', '+01:00', '../../etc'),
        weirdString,
      ),
      defaultServiceMinutes: fc.oneof(number, weirdString),
      end: fc.oneof(
        fc.constantFrom('last-stop', 'start', 'home'),
        stop,
        weirdString,
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.constant(null),
  fc.jsonValue(),
);
const body = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      title: fc.oneof(weirdString, number, fc.constant(null)),
      stops: fc.oneof(fc.array(stop, { maxLength: 5 }), weirdString, fc.jsonValue()),
      day_plan: dayPlan,
      day_group: fc.oneof(fc.uuid(), weirdString, number, fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
  fc.record({ from: point, to: point }, { requiredKeys: [] }),
  fc.record({ stops: fc.array(point, { maxLength: 5 }) }, { requiredKeys: [] }),
  fc.record(
    {
      sources: fc.oneof(fc.array(point, { maxLength: 5 }), weirdString, fc.jsonValue()),
      destinations: fc.oneof(fc.array(point, { maxLength: 5 }), weirdString, fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { email: weirdString, password: weirdString, idToken: weirdString, refreshToken: weirdString },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      includeNotes: fc.oneof(fc.boolean(), weirdString, number, fc.constant(null)),
      confirmEmail: fc.oneof(weirdString, fc.emailAddress(), number),
      email: fc.oneof(fc.emailAddress(), weirdString),
    },
    { requiredKeys: [] },
  ),
);
const rawBody = fc.oneof(
  body.map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom(
    '{',
    '[',
    '{"title":',
    'null',
    '"x"',
    '\u0000',
    '{"stops":[{"lat":NaN}]}',
    '{"a":1}garbage',
  ),
  fc.uint8Array({ maxLength: 64 }),
);
const header = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
    'accept-language': fc.oneof(
      fc.constantFrom('de-DE', '*', 'xx-ÿ', ';;;', 'a'.repeat(300)),
      fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
    ),
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.stringMatching(/^[\x20-\x7e]{0,60}$/)),
    'cf-connecting-ip': fc.oneof(fc.ipV4(), fc.stringMatching(/^[\x20-\x7e]{0,30}$/)),
    'if-match': fc.oneof(
      fc.constantFrom(
        '*',
        '""',
        '"2026-11-22T10:00:00.000Z"',
        'W/"2026-11-22T10:00:00.000Z"',
        '"2026-99-99T99:99:99.999Z"',
        '"a", "b"',
      ),
      fc.date({ noInvalidDate: true }).map((date) => `"${date.toISOString()}"`),
      fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
    ),
    authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'bearer x'),
      fc.stringMatching(/^[\x20-\x7e]{0,80}$/).map((value) => `Bearer ${value}`),
    ),
  },
  { requiredKeys: [] },
);
const pathSegment = fc.oneof(
  fc.uuid(),
  fc.constantFrom('share', '..', '%2e%2e', '%00', 'null', "'", '%ZZ', 'x'.repeat(300)),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
const query = fc.dictionary(
  fc.constantFrom(
    'q',
    'lat',
    'lng',
    'lon',
    'format',
    'limit',
    'q[]',
    'x',
    'zoom',
    'bbox',
    'lang',
    'summary',
    'progress',
    'cursor',
    'sort',
  ),
  fc.oneof(weirdString, number.map(String)),
  { maxKeys: 4 },
);

type Endpoint = { method: string; path: (segment: string) => string; authed?: boolean };
const endpoints: Endpoint[] = [
  { method: 'POST', path: () => '/auth/login' },
  { method: 'POST', path: () => '/auth/register' },
  { method: 'POST', path: () => '/auth/google' },
  { method: 'POST', path: () => '/auth/refresh' },
  { method: 'GET', path: () => '/auth/me', authed: true },
  { method: 'GET', path: () => '/itineraries', authed: true },
  { method: 'POST', path: () => '/itineraries', authed: true },
  { method: 'GET', path: (s) => `/itineraries/${s}`, authed: true },
  { method: 'PUT', path: (s) => `/itineraries/${s}`, authed: true },
  { method: 'DELETE', path: (s) => `/itineraries/${s}`, authed: true },
  { method: 'POST', path: (s) => `/itineraries/${s}/share`, authed: true },
  { method: 'DELETE', path: (s) => `/itineraries/${s}/share`, authed: true },
  { method: 'GET', path: (s) => `/itineraries/${s}/share`, authed: true },
  { method: 'GET', path: (s) => `/itineraries/share/${s}` },
  { method: 'POST', path: (s) => `/itineraries/${s}/driver-link`, authed: true },
  { method: 'GET', path: (s) => `/itineraries/${s}/driver-link`, authed: true },
  { method: 'DELETE', path: (s) => `/itineraries/${s}/driver-link`, authed: true },
  { method: 'GET', path: (s) => `/itineraries/${s}/progress`, authed: true },
  { method: 'GET', path: (s) => `/day-groups/${s}/progress`, authed: true },
  { method: 'GET', path: (s) => `/drive/${s}` },
  { method: 'POST', path: (s) => `/drive/${s}/reports` },
  { method: 'POST', path: (s) => `/drive/${s}/order` },
  { method: 'POST', path: (s) => `/itineraries/${s}/stops/${s}/tracking-link`, authed: true },
  { method: 'DELETE', path: (s) => `/itineraries/${s}/stops/${s}/tracking-link`, authed: true },
  { method: 'GET', path: (s) => `/itineraries/${s}/tracking-links`, authed: true },
  { method: 'POST', path: (s) => `/itineraries/${s}/tracking-links`, authed: true },
  { method: 'DELETE', path: (s) => `/itineraries/${s}/tracking-links`, authed: true },
  { method: 'POST', path: (s) => `/itineraries/${s}/stops/${s}/move`, authed: true },
  { method: 'POST', path: (s) => `/itineraries/${s}/stops`, authed: true },
  { method: 'GET', path: (s) => `/track/${s}` },
  { method: 'GET', path: (s) => `/track/${s}/photo` },
  { method: 'PUT', path: (s) => `/drive/${s}/reports/${s}/photo` },
  { method: 'PUT', path: (s) => `/drive/${s}/reports/${s}/signature` },
  { method: 'POST', path: () => '/auth/password-reset' },
  { method: 'GET', path: () => '/account/export', authed: true },
  { method: 'DELETE', path: () => '/account', authed: true },
  { method: 'GET', path: () => '/geocoding/search' },
  { method: 'GET', path: () => '/geocoding/autocomplete' },
  { method: 'GET', path: () => '/geocoding/reverse' },
  { method: 'POST', path: () => '/routes/segment' },
  { method: 'POST', path: () => '/routes/total' },
  { method: 'POST', path: () => '/routes/legs' },
  { method: 'POST', path: () => '/routes/table' },
  { method: 'POST', path: () => '/routes/table/block' },
  { method: 'GET', path: () => '/routes/limits' },
];

async function send(
  endpoint: Endpoint,
  input: {
    segment: string;
    victimSegment: boolean;
    query: Record<string, string>;
    raw: string | Uint8Array<ArrayBuffer>;
    headers: Record<string, string>;
    asAttacker: boolean;
  },
) {
  const segment = input.victimSegment ? victimId : input.segment;
  const search = new URLSearchParams(input.query).toString();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers))
    if (/^[\x20-\x7e]*$/.test(value)) headers[name] = value;
  if (endpoint.authed && input.asAttacker) headers.authorization = `Bearer ${attacker.token}`;
  const method = endpoint.method;
  const response = await fetch(
    `${apiUrl()}${endpoint.path(segment)}${search ? `?${search}` : ''}`,
    {
      method,
      headers,
      // DELETE carries a body too: DELETE /account reads one.
      body: method === 'GET' ? undefined : input.raw,
    },
  );
  const text = await response.text();
  return { status: response.status, text };
}

describe('fuzzing every endpoint', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path(':id')}`, e] as const))(
    '%s: never a 5xx, errors are {error}, no foreign row changes',
    async (_label, endpoint) => {
      const before = await victimSnapshot();
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            segment: pathSegment,
            victimSegment: fc.boolean(),
            query,
            raw: rawBody,
            headers: header,
            asAttacker: fc.boolean(),
          }),
          async (input) => {
            const answer = await send(endpoint, input);
            if (answer.status >= 500)
              throw new Error(`${answer.status}: ${answer.text.slice(0, 200)}`);
            if (answer.status >= 400) {
              // A `code`, where there is one, tells two answers of one status apart.
              const { code, ...body } = JSON.parse(answer.text);
              expect(body).toEqual({ error: expect.any(String) });
              expect(code === undefined || typeof code === 'string').toBe(true);
            }
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: 20_000 },
      );
      expect(await victimSnapshot()).toEqual(before);
      // The attacker's own row may change only through the attacker's own requests.
      expect(attackerId).toBeTruthy();
    },
  );
});
