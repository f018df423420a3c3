import { z } from 'zod';
import {
  MAX_SEARCH_QUERY_CHARS,
  MIN_SEARCH_QUERY_CHARS,
  MIN_STOPS_TO_CALCULATE,
  ROUTE_TABLE_MAX_STOPS,
  STOP_NAME_MAX_CHARS,
  STOP_NOTE_MAX_CHARS,
  TITLE_MAX_CHARS,
} from './domain/limits.ts';
import { STOP_STATUSES } from './domain/stops.ts';
import {
  SERVICE_MINUTES_MAX,
  STOP_LOAD_MAX,
  STOP_LOCKS,
  isServiceMinutes,
  isStopLoad,
  lockIssue,
  windowIssue,
  type DayPlan,
} from './domain/day-plan/day-plan.ts';
import { isTimeZone, parseDeparture } from './domain/day-plan/clock.ts';
import { TEXT_LANGUAGES } from './domain/composed-texts.ts';
import { SUGGESTION_LIMIT } from './suggestion.ts';

const latitude = z
  .number({ error: 'lat must be a number' })
  .min(-90, 'lat must be between -90 and 90')
  .max(90, 'lat must be between -90 and 90');
const longitude = z
  .number({ error: 'lng must be a number' })
  .min(-180, 'lng must be between -180 and 180')
  .max(180, 'lng must be between -180 and 180');

export const pointSchema = z.object({ lat: latitude, lng: longitude });

const serviceMinutes = (name: string) => {
  const message = `${name} must be a whole number of minutes from 0 to ${SERVICE_MINUTES_MAX}`;
  return z.number({ error: message }).refine(isServiceMinutes, { message });
};

const LOAD_MESSAGE = `load must be a whole number from 0 to ${STOP_LOAD_MAX}`;
/** What a stop takes from a driver's capacity. */
const loadSchema = z.number({ error: LOAD_MESSAGE }).refine(isStopLoad, { message: LOAD_MESSAGE });

/** "Arrive between start and end": HH:MM within the day, the end not before the start. */
const windowSchema = z
  .object(
    {
      start: z.string({ error: 'window.start must be a time HH:MM' }),
      end: z.string({ error: 'window.end must be a time HH:MM' }),
    },
    { error: 'window must be {start, end} with times HH:MM' },
  )
  .superRefine((window, context) => {
    const issue = windowIssue(window);
    if (issue === 'outside-day')
      context.addIssue({
        code: 'custom',
        message: 'window times must be HH:MM within the day, from 00:00 to 23:59',
      });
    else if (issue === 'end-before-start')
      context.addIssue({ code: 'custom', message: 'window ends before it starts' });
  })
  .transform(({ start, end }) => ({ start, end }));

/** Where the day ends: "last-stop", "start" or an address. */
const dayEndSchema = z.union(
  [
    z.literal('last-stop'),
    z.literal('start'),
    z.object({
      name: z.string().trim().min(1).max(STOP_NAME_MAX_CHARS),
      lat: latitude,
      lng: longitude,
    }),
  ],
  { error: 'end must be "last-stop", "start" or an address {name, lat, lng}' },
);

/** The route's working day (every field optional); unknown fields are dropped. */
export const dayPlanSchema = z
  .object(
    {
      departure: z
        .string({ error: 'departure must be a string' })
        .refine((text) => parseDeparture(text) !== null, {
          message:
            'departure must be a date and time with its UTC offset, e.g. 2026-03-02T08:00+01:00',
        })
        .optional(),
      timeZone: z
        .string({ error: 'timeZone must be a string' })
        .refine(isTimeZone, { message: 'timeZone must be an IANA time zone such as Europe/Paris' })
        .optional(),
      defaultServiceMinutes: serviceMinutes('defaultServiceMinutes').optional(),
      end: dayEndSchema.optional(),
    },
    { error: 'day_plan must be an object {departure?, timeZone?, defaultServiceMinutes?, end?}' },
  )
  .transform(({ departure, timeZone, defaultServiceMinutes, end }): DayPlan => ({
    ...(departure !== undefined ? { departure } : {}),
    ...(timeZone !== undefined ? { timeZone } : {}),
    ...(defaultServiceMinutes !== undefined ? { defaultServiceMinutes } : {}),
    ...(end !== undefined ? { end } : {}),
  }));

export const stopSchema = z
  .object({
    /** Kept when given (the stop's identity); the database gives one to a stop without. */
    id: z
      .guid({ error: 'id must be a UUID' })
      .transform((id) => id.toLowerCase())
      .optional(),
    name: z
      .string({ error: 'name must be a string' })
      .trim()
      .min(1, 'name must not be empty')
      .max(STOP_NAME_MAX_CHARS, `name must be at most ${STOP_NAME_MAX_CHARS} characters`),
    lat: latitude,
    lng: longitude,
    note: z
      .string({ error: 'note must be a string' })
      .trim()
      .max(STOP_NOTE_MAX_CHARS, `note must be at most ${STOP_NOTE_MAX_CHARS} characters`)
      .optional(),
    status: z
      .enum(STOP_STATUSES, { error: `status must be one of: ${STOP_STATUSES.join(', ')}` })
      .optional(),
    serviceMinutes: serviceMinutes('serviceMinutes').optional(),
    window: windowSchema.optional(),
    lock: z.enum(STOP_LOCKS, { error: `lock must be one of: ${STOP_LOCKS.join(', ')}` }).optional(),
    load: loadSchema.optional(),
  })
  .transform(({ id, note, status, serviceMinutes, window, lock, load, ...stop }) => ({
    ...(id ? { id } : {}),
    ...stop,
    // A blank note is no note; an absent status is "to do". Neither is stored empty.
    ...(note ? { note } : {}),
    ...(status ? { status } : {}),
    // The day's fields only when given: a stop without them is stored exactly as before.
    ...(serviceMinutes !== undefined ? { serviceMinutes } : {}),
    ...(window ? { window } : {}),
    ...(lock ? { lock } : {}),
    ...(load !== undefined ? { load } : {}),
  }));

/** Body of POST and PUT /itineraries. A blank title becomes the auto title. */
export const itineraryInputSchema = z.object(
  {
    title: z
      .string({ error: 'title must be a string' })
      .trim()
      .max(TITLE_MAX_CHARS, `title must be at most ${TITLE_MAX_CHARS} characters`)
      .optional()
      .default(''),
    stops: z
      .array(stopSchema, { error: 'stops must be an array of {name, lat, lng}' })
      .min(1, 'Please add at least one stop')
      .superRefine((stops, context) => {
        const issue = lockIssue(stops);
        if (issue)
          context.addIssue({
            code: 'custom',
            message: `Only one stop can be locked ${issue === 'two-first' ? 'first' : 'last'}`,
          });
      }),
    /** The working day; null removes it, absent leaves a saved route's plan as it is. */
    day_plan: dayPlanSchema.nullable().optional(),
    /** The day split among drivers this route belongs to; null removes it, absent keeps it. */
    day_group: z.uuid({ error: 'day_group must be a UUID' }).nullable().optional(),
    /** the language of an auto title (else Accept-Language's, else English); not stored */
    language: z
      .enum(TEXT_LANGUAGES, { error: `language must be one of: ${TEXT_LANGUAGES.join(', ')}` })
      .optional(),
  },
  { error: 'Body must be a JSON object with title and stops' },
);

export const credentialsSchema = z.object(
  {
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(320, 'Email is too long'),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(72, 'Password is too long'),
  },
  { error: 'Body must be a JSON object with email and password' },
);

export const registrationSchema = credentialsSchema.extend({
  email: z.email({ error: 'Please enter a valid email address' }).max(320, 'Email is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(6, 'Password must be at least 6 characters long')
    .max(72, 'Password is too long'),
});

export const googleSignInSchema = z.object(
  {
    idToken: z
      .string({ error: 'Google authentication failed' })
      .min(1, 'Google authentication failed')
      .max(8192),
  },
  { error: 'Google authentication failed' },
);

export const refreshSchema = z.object(
  { refreshToken: z.string({ error: 'refreshToken is required' }).min(1).max(4096) },
  { error: 'Body must be a JSON object with refreshToken' },
);

export const segmentSchema = z.object(
  { from: pointSchema, to: pointSchema },
  { error: 'Body must be a JSON object with from and to points' },
);

export const routeStopsSchema = z.object(
  {
    stops: z
      .array(pointSchema, { error: 'stops must be an array of {lat, lng}' })
      .min(MIN_STOPS_TO_CALCULATE, 'Add at least 2 stops to calculate route'),
  },
  { error: 'Body must be a JSON object with stops' },
);

/** Most points on one side of a block the API accepts, whatever ROUTER_TABLE_MAX_COORDINATES says. */
const TABLE_BLOCK_SIDE_MAX = 10_000;

const blockSide = (name: 'sources' | 'destinations') =>
  z
    .array(pointSchema, { error: `${name} must be an array of {lat, lng}` })
    .min(1, `${name} must hold at least one point`)
    .max(TABLE_BLOCK_SIDE_MAX, `${name} must hold at most ${TABLE_BLOCK_SIDE_MAX} points`);

/**
 * Body of POST /routes/table/block: one block of the table, from each of the sources to each of
 * the destinations (without destinations, between the sources); each side at most the router's
 * table limit (checked against the configuration where it is answered).
 */
export const routeTableBlockSchema = z.object(
  { sources: blockSide('sources'), destinations: blockSide('destinations').optional() },
  { error: 'Body must be a JSON object with sources' },
);

/** The tables POST /routes/table can answer. */
export const ROUTE_TABLE_FIELDS = ['distances', 'durations'] as const;

/** Body of POST /routes/table: bounded, since the answer grows with the square of the stops. */
export const routeTableSchema = z.object(
  {
    stops: z
      .array(pointSchema, { error: 'stops must be an array of {lat, lng}' })
      .min(MIN_STOPS_TO_CALCULATE, 'Add at least 2 stops to calculate route')
      .max(ROUTE_TABLE_MAX_STOPS, `stops must hold at most ${ROUTE_TABLE_MAX_STOPS} points`),
    /**
     * Which tables to answer (default both): the route optimiser reads only the distances, and
     * half the answer is half the JSON to download and read on the click that optimises.
     */
    include: z
      .array(z.enum(ROUTE_TABLE_FIELDS), {
        error: `include must be an array of ${ROUTE_TABLE_FIELDS.join(', ')}`,
      })
      .min(1, 'include must name at least one table')
      .optional(),
  },
  { error: 'Body must be a JSON object with stops' },
);

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Query parameter q is required' })
    .trim()
    .min(
      MIN_SEARCH_QUERY_CHARS,
      `Search text must be at least ${MIN_SEARCH_QUERY_CHARS} characters`,
    )
    .max(
      MAX_SEARCH_QUERY_CHARS,
      `Search text must be at most ${MAX_SEARCH_QUERY_CHARS} characters`,
    ),
});

const coordinateParam = (name: 'lat' | 'lng', bound: number) =>
  z
    .string({ error: `Query parameter ${name} is required` })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, `${name} must be a decimal number`)
    .transform(Number)
    .refine((value) => Math.abs(value) <= bound, `${name} must be between -${bound} and ${bound}`);

export const reverseQuerySchema = z.object({
  lat: coordinateParam('lat', 90),
  lng: coordinateParam('lng', 180),
});

/** Decimal degrees to 3 places (about 100 m): a bias needs no more, and the cache hits more. */
const roundBias = (value: number) => Math.round(value * 1000) / 1000;
const bboxValue = /^-?\d{1,3}(\.\d{1,12})?$/;

/**
 * GET /geocoding/autocomplete: q; lat and lng together (prefer places near them) with an
 * optional zoom 0-18 (how near); bbox minLng,minLat,maxLng,maxLat (only places inside);
 * limit 1-8 (default 8); lang, two letters (else Accept-Language).
 */
export const autocompleteQuerySchema = z
  .object({
    q: searchQuerySchema.shape.q,
    lat: coordinateParam('lat', 90).optional(),
    lng: coordinateParam('lng', 180).optional(),
    zoom: z
      .string()
      .regex(/^\d{1,2}$/, 'zoom must be a whole number from 0 to 18')
      .transform(Number)
      .refine((value) => value <= 18, 'zoom must be a whole number from 0 to 18')
      .optional(),
    bbox: z
      .string()
      .transform((text) => text.split(','))
      .refine(
        (parts) => parts.length === 4 && parts.every((part) => bboxValue.test(part.trim())),
        'bbox must be minLng,minLat,maxLng,maxLat in decimal degrees',
      )
      .transform((parts) => parts.map((part) => Number(part)) as [number, number, number, number])
      .refine(
        ([minLng, minLat, maxLng, maxLat]) =>
          Math.abs(minLng) <= 180 &&
          Math.abs(maxLng) <= 180 &&
          Math.abs(minLat) <= 90 &&
          Math.abs(maxLat) <= 90 &&
          minLng < maxLng &&
          minLat < maxLat,
        'bbox must be minLng,minLat,maxLng,maxLat with min < max, lat within ±90 and lng within ±180',
      )
      .transform((box) => box.map(roundBias) as [number, number, number, number])
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,2}$/, `limit must be a whole number from 1 to ${SUGGESTION_LIMIT}`)
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= SUGGESTION_LIMIT,
        `limit must be a whole number from 1 to ${SUGGESTION_LIMIT}`,
      )
      .default(SUGGESTION_LIMIT),
    lang: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'lang must be a two-letter language code')
      .transform((value) => value.toLowerCase())
      .optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'lat and lng go together',
  })
  .refine((query) => query.zoom === undefined || query.lat !== undefined, {
    message: 'zoom needs lat and lng',
  })
  .transform(({ lat, lng, zoom, ...rest }) => ({
    ...rest,
    focus:
      lat !== undefined && lng !== undefined
        ? { lat: roundBias(lat), lng: roundBias(lng), ...(zoom !== undefined ? { zoom } : {}) }
        : undefined,
  }));

export const itineraryIdSchema = z.uuid();
/** Share tokens are URL-safe base64 of at least 128 random bits. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/);
