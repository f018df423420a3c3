import type { Stop } from '@domain/stops.ts';

/**
 * A waypoint: a stop, and optionally its description (the planned times and the note, see
 * gpx-description.ts; the note alone when absent) and its planned time (epoch ms, written as the
 * waypoint's UTC <time>).
 */
export type GpxStop = Pick<Stop, 'name' | 'lat' | 'lng' | 'note'> & {
  description?: string;
  time?: number;
};

export interface GpxRoute {
  title: string;
  stops: readonly GpxStop[];
  /** The driven line as [lat, lng] pairs (the router's geometry); the stops in order when absent. */
  line?: readonly (readonly [number, number])[];
  /** Written as metadata time; leave out for a reproducible file. */
  time?: Date;
}

export const GPX_CREATOR = 'Route Planner';

/** Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const escapeXml = (text: string): string =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A decimal (never exponent notation) with up to 7 places, about 1 cm. */
const decimal = (value: number): string => {
  const text = value.toFixed(7).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
};

/** GPX longitudes run from -180 inclusive to 180 exclusive: 180 is written as -180. */
const longitude = (lng: number): string => decimal(lng >= 180 ? lng - 360 : lng);

const point = (tag: 'wpt' | 'trkpt', lat: number, lng: number, children = ''): string =>
  `<${tag} lat="${decimal(lat)}" lon="${longitude(lng)}"${children ? `>${children}</${tag}>` : `/>`}`;

/** A moment as GPX writes it: UTC, to the second. */
const gpxTime = (instant: number): string =>
  new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A GPX 1.1 document: metadata named after the route, one waypoint per stop (its planned time,
 * its name, its description or else its note as desc) and the route line as one track.
 */
export function toGpx(route: GpxRoute): string {
  const title = escapeXml(route.title);
  const waypoints = route.stops.map((stop) => {
    const text = stop.description ?? stop.note;
    const desc = text?.trim() ? `<desc>${escapeXml(text)}</desc>` : '';
    // GPX orders a waypoint's children: time before name before desc.
    const time =
      stop.time !== undefined && Number.isFinite(stop.time)
        ? `<time>${gpxTime(stop.time)}</time>`
        : '';
    return `  ${point('wpt', stop.lat, stop.lng, `${time}<name>${escapeXml(stop.name)}</name>${desc}`)}`;
  });
  const line =
    route.line && route.line.length >= 2
      ? route.line
      : route.stops.map(({ lat, lng }) => [lat, lng] as const);
  const trackPoints = line.map(([lat, lng]) => `      ${point('trkpt', lat, lng)}`);
  const metadata = [
    `<name>${title}</name>`,
    route.time ? `<time>${route.time.toISOString()}</time>` : '',
  ].join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${escapeXml(GPX_CREATOR)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">`,
    `  <metadata>${metadata}</metadata>`,
    ...waypoints,
    ...(trackPoints.length > 0
      ? [
          '  <trk>',
          `    <name>${title}</name>`,
          '    <trkseg>',
          ...trackPoints,
          '    </trkseg>',
          '  </trk>',
        ]
      : []),
    '</gpx>',
    '',
  ].join('\n');
}

/**
 * The route line from the router's legs: each leg's points in order, without repeating
 * the point where one leg ends and the next begins.
 */
export function lineOfLegs(
  legs: readonly { coordinates: readonly (readonly [number, number])[] }[],
): [number, number][] {
  const line: [number, number][] = [];
  for (const leg of legs) {
    for (const [lat, lng] of leg.coordinates) {
      const last = line[line.length - 1];
      if (!last || last[0] !== lat || last[1] !== lng) line.push([lat, lng]);
    }
  }
  return line;
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function gpxFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${slug || 'route'}.gpx`;
}
