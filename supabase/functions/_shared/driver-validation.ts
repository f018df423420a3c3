/** What a driver link sends: the token in the path, and a report on a stop. */
import { z } from 'zod';
import {
  FAILURE_REASONS,
  REPORT_ACCURACY_MAX_METERS,
  REPORT_MAX_AHEAD_MS,
  REPORT_NOTE_MAX_CHARS,
  REPORT_STATUSES,
} from './domain/stop-reports.ts';

/** Driver tokens, like share tokens: URL-safe base64 of at least 128 random bits. */
export const driverTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/);

const uuid = (name: string) =>
  z.guid({ error: `${name} must be a UUID` }).transform((value) => value.toLowerCase());

/** An ISO 8601 date and time with its offset (Z or ±HH:MM); not more than a day ahead. */
const reportTime = z
  .string({ error: 'at must be an ISO 8601 date and time' })
  .refine(
    (text) =>
      /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/.test(text) &&
      !Number.isNaN(Date.parse(text)),
    { message: 'at must be an ISO 8601 date and time with its offset, e.g. 2026-03-02T09:05:00Z' },
  )
  .refine((text) => Date.parse(text) >= Date.UTC(2000, 0, 1), {
    message: 'at must not be before the year 2000',
  })
  .refine((text) => Date.parse(text) <= Date.now() + REPORT_MAX_AHEAD_MS, {
    message: 'at must not be more than a day in the future',
  })
  .transform((text) => new Date(Date.parse(text)).toISOString());

const positionSchema = z.object(
  {
    lat: z
      .number({ error: 'position.lat must be a number' })
      .min(-90, 'position.lat must be between -90 and 90')
      .max(90, 'position.lat must be between -90 and 90'),
    lng: z
      .number({ error: 'position.lng must be a number' })
      .min(-180, 'position.lng must be between -180 and 180')
      .max(180, 'position.lng must be between -180 and 180'),
    accuracy: z
      .number({ error: 'position.accuracy must be a number of metres' })
      .min(0, `position.accuracy must be between 0 and ${REPORT_ACCURACY_MAX_METERS} metres`)
      .max(
        REPORT_ACCURACY_MAX_METERS,
        `position.accuracy must be between 0 and ${REPORT_ACCURACY_MAX_METERS} metres`,
      ),
  },
  { error: 'position must be {lat, lng, accuracy}' },
);

/** Body of POST /drive/{token}/reports. */
export const reportInputSchema = z
  .object(
    {
      id: uuid('id'),
      stopId: uuid('stopId'),
      status: z.enum(REPORT_STATUSES, {
        error: `status must be one of: ${REPORT_STATUSES.join(', ')}`,
      }),
      reason: z
        .enum(FAILURE_REASONS, { error: `reason must be one of: ${FAILURE_REASONS.join(', ')}` })
        .optional(),
      note: z
        .string({ error: 'note must be a string' })
        .trim()
        .max(REPORT_NOTE_MAX_CHARS, `note must be at most ${REPORT_NOTE_MAX_CHARS} characters`)
        .optional(),
      at: reportTime,
      position: positionSchema.optional(),
    },
    { error: 'Body must be a JSON object {id, stopId, status, at}' },
  )
  .refine((report) => report.reason === undefined || report.status === 'failed', {
    message: 'reason is only for a failed delivery',
  })
  .transform(({ note, reason, position, ...report }) => ({
    ...report,
    ...(reason ? { reason } : {}),
    // A blank note is no note.
    ...(note ? { note } : {}),
    ...(position ? { position } : {}),
  }));

export type ReportInput = z.infer<typeof reportInputSchema>;

/** Body of POST /drive/{token}/order: the stops still to do in their new order, over a version. */
export const orderInputSchema = z.object(
  {
    stopIds: z
      .array(uuid('each of stopIds'), { error: 'stopIds must be an array of stop ids' })
      .min(1, 'stopIds must list the stops still to do'),
    version: z
      .string({ error: 'version must be the route’s version, as GET /drive/{token} gave it' })
      .refine((text) => /^\d{4}-\d\d-\d\dT/.test(text) && !Number.isNaN(Date.parse(text)), {
        message: 'version must be the route’s version, as GET /drive/{token} gave it',
      }),
  },
  { error: 'Body must be a JSON object {stopIds, version}' },
);

export type OrderInput = z.infer<typeof orderInputSchema>;
