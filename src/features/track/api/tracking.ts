/**
 * GET /api/track/:token, a customer's tracking link (no account): the stop's name and state and,
 * while it is to come, its window; once delivered, a short-lived link to the delivery's photo when
 * the owner shows it; a 404 {error} for an unknown or revoked link.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import * as z from 'zod/mini';
import { FAILURE_REASONS } from '@domain/stop-reports.ts';
import { TRACKING_STATES, type TrackingAnswer } from '@domain/tracking.ts';
import { trackingRequest } from './tracking-request';

export const trackingSchema = z.object({
  name: z.string(),
  state: z.enum(TRACKING_STATES),
  stopsBefore: z.optional(z.number()),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  at: z.optional(z.string()),
  reason: z.optional(z.enum(FAILURE_REASONS)),
  contact: z.optional(z.string()),
  photoUrl: z.optional(z.string()),
}) satisfies z.ZodMiniType<TrackingAnswer>;
export type Tracking = z.infer<typeof trackingSchema>;

/** The page reads its stop again at least this often while it is open and in front. */
export const TRACKING_REFRESH_MS = 60_000;

export const trackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tracking', token] as const,
    queryFn: ({ signal }) =>
      apiClient.get(trackingRequest(token).path, { signal, schema: trackingSchema }),
    refetchInterval: TRACKING_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    retry: false,
  });
