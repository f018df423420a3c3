// Property-based: generated bodies, headers, paths and query strings against every
// endpoint. Every answer is a success or a 4xx with {error} (never a 5xx), and no
// row of another user changes. FUZZ_RUNS sets the number of requests per endpoint
// (default sized to keep npm test quick; e.g. FUZZ_RUNS=2000 for a long run).
import { randomUUID } from 'node:crypto';
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

// The link endpoints with real tokens, where the work is done: re-orders generated from the
// route's own stops (shuffled, one dropped, repeated or added, a locked stop moved, stale or
// malformed versions) through working driver links, and photos asked through working tracking
// links. Never a 5xx; a refused order changes nothing, and whatever is saved is the same stops
// with the start in place and the locked stops first and last of what is left; a photo is only
// ever the one its owner shows, through its own stop's link.
describe('fuzzing the link endpoints with working tokens', () => {
  const broadway = { name: '120 Broadway, New York', lat: 40.7081, lng: -74.0105 };
  const battery = { name: 'Battery Park, New York', lat: 40.7033, lng: -74.017 };
  const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 5)]);
  let owner: TestUser;
  /** Routes with a driver link each, so the links' 60 requests a minute cover every run. */
  let drives: { id: string; token: string; stops: string[] }[];
  let shown: string;
  let hidden: string;

  const routeStops = [
    stops.timesSquare,
    { ...stops.empireState, lock: 'first' },
    stops.unionSquare,
    broadway,
    { ...battery, lock: 'last' },
  ];

  beforeAll(async () => {
    owner = await newUser();
    drives = [];
    for (let n = 0; n < Math.max(1, Math.ceil(RUNS / 25)); n += 1) {
      const created = await call('POST', '/itineraries', {
        token: owner.token,
        body: { title: `Fuzzed order ${n}`, stops: routeStops },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const link = await call('POST', `/itineraries/${created.body.id}/driver-link`, {
        token: owner.token,
      });
      drives.push({
        id: created.body.id,
        token: link.body.driverUrl.split('/drive/')[1],
        stops: created.body.stops.map((stop: { id: string }) => stop.id),
      });
    }
    // The photo's route: its second stop shows its photo, its third does not.
    const [first] = drives;
    const photoRoute = await call('POST', '/itineraries', {
      token: owner.token,
      body: { title: 'Fuzzed photo', stops: [stops.timesSquare, broadway, battery] },
    });
    const photoDriver = (
      await call('POST', `/itineraries/${photoRoute.body.id}/driver-link`, { token: owner.token })
    ).body.driverUrl.split('/drive/')[1];
    const linkOf = async (stop: string, showPhoto: boolean) =>
      (
        await call('POST', `/itineraries/${photoRoute.body.id}/stops/${stop}/tracking-link`, {
          token: owner.token,
          body: { showPhoto },
        })
      ).body.trackingUrl.split('/track/')[1] as string;
    shown = await linkOf(photoRoute.body.stops[1].id, true);
    hidden = await linkOf(photoRoute.body.stops[2].id, false);
    for (const stop of photoRoute.body.stops.slice(1)) {
      const id = randomUUID();
      await call('POST', `/drive/${photoDriver}/reports`, {
        body: { id, stopId: stop.id, status: 'delivered', at: new Date().toISOString() },
      });
      const stored = await fetch(`${apiUrl()}/drive/${photoDriver}/reports/${id}/photo`, {
        method: 'PUT',
        body: new Uint8Array(PHOTO),
      });
      expect(stored.status).toBe(201);
    }
    expect(first).toBeTruthy();
  });

  const driveOf = async (token: string) =>
    (await call('GET', `/drive/${token}`)).body as {
      version: string;
      stops: { id: string; lock?: string; report?: { status: string } }[];
    };

  /** What an order is made of, before the route's current stops and version are known. */
  const orderShape = fc.record({
    route: fc.nat(),
    shuffle: fc.array(fc.nat(), { maxLength: 6 }),
    change: fc.constantFrom('none', 'drop', 'repeat', 'add', 'foreign', 'start', 'upper'),
    version: fc.oneof(
      fc.constantFrom('current', 'current', 'current', 'stale', 'missing', 'later'),
      weirdString,
      number,
    ),
    stopIds: fc.option(fc.oneof(weirdString, fc.jsonValue(), fc.array(weirdString)), {
      freq: 4,
    }),
    deliver: fc.boolean(),
    extra: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 2 })),
  });

  it('POST /drive/{token}/order: never a 5xx, nothing but a permutation that keeps its locks', async () => {
    await fc.assert(
      fc.asyncProperty(orderShape, async (shape) => {
        const drive = drives[shape.route % drives.length];
        const before = await driveOf(drive.token);
        const left = before.stops
          .slice(1)
          .filter((stop) => !['delivered', 'failed'].includes(stop.report?.status ?? ''))
          .map((stop) => stop.id);
        // A shuffle of the stops left (so some keep their locks, some do not), then one change.
        const ids = [...left];
        shape.shuffle.forEach((pick, index) => {
          const a = index % Math.max(ids.length, 1);
          const b = pick % Math.max(ids.length, 1);
          [ids[a], ids[b]] = [ids[b], ids[a]];
        });
        if (shape.change === 'drop') ids.pop();
        if (shape.change === 'repeat' && ids.length > 0) ids.push(ids[0]);
        if (shape.change === 'add') ids.push(randomUUID());
        if (shape.change === 'foreign')
          ids.push(drives[(shape.route + 1) % drives.length].stops[2]);
        if (shape.change === 'start') ids.unshift(before.stops[0].id);
        const stopIds =
          shape.stopIds ?? (shape.change === 'upper' ? ids.map((id) => id.toUpperCase()) : ids);
        const version =
          shape.version === 'current'
            ? before.version
            : shape.version === 'stale'
              ? new Date(Date.parse(before.version) - 1).toISOString()
              : shape.version === 'later'
                ? new Date(Date.parse(before.version) + 86_400_000).toISOString()
                : shape.version === 'missing'
                  ? undefined
                  : shape.version;
        const answer = await call('POST', `/drive/${drive.token}/order`, {
          body: { ...shape.extra, stopIds, version },
        });
        if (answer.status >= 500)
          throw new Error(`${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        const after = await driveOf(drive.token);
        const afterIds = after.stops.map((stop) => stop.id);
        if (answer.status === 200) {
          expect(answer.body.stops.map((stop: { id: string }) => stop.id)).toEqual(afterIds);
        } else {
          expect([400, 404, 409, 429]).toContain(answer.status);
          const { code, ...body } = answer.body as { code?: unknown };
          expect(body).toEqual({ error: expect.any(String) });
          expect(code === undefined || typeof code === 'string').toBe(true);
          expect(afterIds).toEqual(before.stops.map((stop) => stop.id));
          expect(after.version).toBe(before.version);
        }
        // Whatever happened: the same stops, the start first, the locks kept among what is left.
        expect([...afterIds].sort()).toEqual([...drive.stops].sort());
        expect(afterIds[0]).toBe(drive.stops[0]);
        const leftAfter = after.stops
          .slice(1)
          .filter((stop) => !['delivered', 'failed'].includes(stop.report?.status ?? ''));
        leftAfter.forEach((stop, index) => {
          if (stop.lock === 'first') expect(index).toBe(0);
          if (stop.lock === 'last') expect(index).toBe(leftAfter.length - 1);
        });
        // Now and then a stop is done, so the list of what is left changes too.
        if (shape.deliver && left.length > 2 && answer.status !== 429)
          await call('POST', `/drive/${drive.token}/reports`, {
            body: {
              id: randomUUID(),
              stopId: left[shape.shuffle.length % left.length],
              status: 'delivered',
              at: new Date().toISOString(),
            },
          });
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('GET /track/{token}/photo: never a 5xx, only the shown photo through its own link', async () => {
    const variant = fc.oneof(
      fc.constantFrom(
        () => shown,
        () => hidden,
        () => shown.toUpperCase(),
        () => shown.slice(0, -1),
        () => `${shown}x`,
        () => `${shown}%00`,
        () => `${shown}/..`,
        () => encodeURIComponent(`${shown}'`),
        () => drives[0].token,
        () => hidden.toLowerCase(),
      ),
      pathSegment.map((segment) => () => segment),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ token: variant, query, headers: header, asOwner: fc.boolean() }),
        async (input) => {
          const token = input.token();
          const search = new URLSearchParams(input.query).toString();
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(input.headers))
            if (/^[\x20-\x7e]*$/.test(value)) headers[name] = value;
          if (input.asOwner) headers.authorization = `Bearer ${owner.token}`;
          const answer = await fetch(
            `${apiUrl()}/track/${token}/photo${search ? `?${search}` : ''}`,
            { headers },
          );
          const bytes = Buffer.from(await answer.arrayBuffer());
          if (answer.status >= 500)
            throw new Error(`${answer.status}: ${bytes.toString().slice(0, 200)}`);
          if (answer.status === 200) {
            expect(token).toBe(shown);
            expect(answer.headers.get('content-type')).toBe('image/jpeg');
            expect(bytes.equals(PHOTO)).toBe(true);
          } else {
            expect(answer.status).toBe(404);
            expect(JSON.parse(bytes.toString())).toEqual({ error: expect.any(String) });
          }
        },
      ),
      { numRuns: RUNS, interruptAfterTimeLimit: 20_000 },
    );
  });
});
