/** What the day's changes take: the route a stop moves to, and where in it. */
import { z } from 'zod';
import { stopSchema } from './validation.ts';

/**
 * Body of POST /itineraries/{id}/stops/{stopId}/move: `to`, the caller's route the stop moves to;
 * `place` (optional), its index in that route once there (1: right after the start; past the end:
 * the end). Without it the stop goes where it adds the least distance after what was reported.
 */
export const moveInputSchema = z.object(
  {
    to: z.uuid({ error: 'to must be an itinerary id' }),
    place: z
      .int({ error: 'place must be a whole number' })
      .min(1, 'place must be 1 or more (0 is the start)')
      .max(100_000, 'place must be at most 100000')
      .optional(),
  },
  { error: 'Body must be a JSON object {to, place?}' },
);

/**
 * Body of POST /itineraries/{id}/stops: `stop`, the stop to add ({name, lat, lng} and its optional
 * fields, as in a route); `place` (optional), as for a move.
 */
export const addStopInputSchema = z.object(
  {
    stop: stopSchema,
    place: z
      .int({ error: 'place must be a whole number' })
      .min(1, 'place must be 1 or more (0 is the start)')
      .max(100_000, 'place must be at most 100000')
      .optional(),
  },
  { error: 'Body must be a JSON object {stop, place?}' },
);
