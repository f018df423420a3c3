import * as check from '@/lib/check';

/** A geocoding search result. */
export const placeSchema = check.object({
  display_name: check.string(),
  lat: check.number(),
  lng: check.number(),
});

export const placeListSchema = check.array(placeSchema);

/** GET /api/geocoding/reverse also names the country, used to choose a language. */
export const reversePlaceSchema = check.extend(placeSchema, {
  countryCode: check.optional(check.nullable(check.string())),
});

export type Place = check.Infer<typeof placeSchema>;
export type ReversePlace = check.Infer<typeof reversePlaceSchema>;
