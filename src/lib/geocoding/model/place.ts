import * as z from 'zod/mini';

/** A geocoding search result. */
export const placeSchema = z.object({
  display_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const placeListSchema = z.array(placeSchema);

/** GET /api/geocoding/reverse also names the country, used to choose a language. */
export const reversePlaceSchema = z.extend(placeSchema, {
  countryCode: z.optional(z.nullable(z.string())),
});

export type Place = z.infer<typeof placeSchema>;
export type ReversePlace = z.infer<typeof reversePlaceSchema>;
