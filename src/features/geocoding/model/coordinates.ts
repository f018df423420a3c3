/**
 * Coordinates typed into the address search add a stop directly, without a search: decimal
 * degrees "lat, lng" with point or comma decimals ("48.8584, 2.2945", "48,8584 2,2945",
 * "48,8584; 2,2945"), or a geo: URI (RFC 5870: "geo:48.8584,2.2945", "geo:48.8584,2.2945;u=10").
 */
export interface TypedPoint {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
/** Two numbers: with point decimals they may be separated by a comma; otherwise by ; or spaces. */
const PAIR_POINT = new RegExp(String.raw`^(${NUMBER})\s*(?:[,;]|\s)\s*(${NUMBER})$`);
const GEO_URI =
  /^geo:\s*([-+]?\d{1,3}(?:\.\d+)?),\s*([-+]?\d{1,3}(?:\.\d+)?)(?:,[-+]?\d+(?:\.\d+)?)?(?:;.*)?$/i;

const toNumber = (text: string) => Number(text.replace(',', '.'));

function checked(lat: number, lng: number): TypedPoint | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The point the text names, or null when it is not a pair of coordinates. */
export function parseTypedCoordinates(text: string): TypedPoint | null {
  const trimmed = text.trim();
  const geo = GEO_URI.exec(trimmed);
  if (geo) return checked(Number(geo[1]), Number(geo[2]));
  // "48,8584, 2,2945": decimal commas and a comma between the numbers.
  const commaDecimals = /^([-+]?\d{1,3},\d+)\s*[,;]\s*([-+]?\d{1,3},\d+)$/.exec(trimmed);
  if (commaDecimals) return checked(toNumber(commaDecimals[1]), toNumber(commaDecimals[2]));
  const pair = PAIR_POINT.exec(trimmed);
  if (!pair) return null;
  // "48,8584" alone before a comma would be ambiguous ("48,8584,2,2945"): the pattern above
  // took the unambiguous forms; here a number with a decimal comma needs ; or a space after it.
  return checked(toNumber(pair[1]), toNumber(pair[2]));
}
