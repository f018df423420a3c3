import { z } from 'zod';

/** Spec section 3: a geocoding search result. */
export const placeSchema = z.object({
  display_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const placeListSchema = z.array(placeSchema);

/** GET /api/geocoding/reverse also names the country, used to choose a language. */
export const reversePlaceSchema = placeSchema.extend({
  countryCode: z.string().nullable().optional(),
});

export type Place = z.infer<typeof placeSchema>;
export type ReversePlace = z.infer<typeof reversePlaceSchema>;
