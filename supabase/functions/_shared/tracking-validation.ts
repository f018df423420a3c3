/** What tracking links take: the token in the path, and what a link shows. */
import { z } from 'zod';
import { TRACKING_CONTACT_MAX_CHARS } from './domain/tracking.ts';

/** Tracking tokens, like share and driver tokens: URL-safe base64 of at least 128 random bits. */
export const trackingTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/);

/**
 * Body of POST /itineraries/{id}/stops/{stopId}/tracking-link and /itineraries/{id}/tracking-links
 * (optional): `showPhoto` shows the customer the proof photo of a delivered stop; `contact` is the
 * line shown when a delivery failed (blank or null: none). An absent key leaves it as it is.
 */
export const trackingOptionsSchema = z
  .object(
    {
      showPhoto: z.boolean({ error: 'showPhoto must be true or false' }).optional(),
      contact: z
        .string({ error: 'contact must be a string or null' })
        .trim()
        .max(
          TRACKING_CONTACT_MAX_CHARS,
          `contact must be at most ${TRACKING_CONTACT_MAX_CHARS} characters`,
        )
        .nullable()
        .optional(),
    },
    { error: 'Body must be a JSON object {showPhoto?, contact?}' },
  )
  .transform(({ showPhoto, contact }) => ({
    ...(showPhoto !== undefined ? { showPhoto } : {}),
    ...(contact !== undefined ? { contact: contact === '' ? null : contact } : {}),
  }));
