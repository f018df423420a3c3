// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { gpx as gpxToGeoJson } from '@tmcw/togeojson';
import { escapeXml, gpxFileName, lineOfLegs, toGpx, type GpxRoute } from './gpx';

const schema = readFileSync(resolve(process.cwd(), 'tests/fixtures/gpx.xsd'), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'route.gpx', contents: xml },
    schema: { fileName: 'gpx.xsd', contents: schema },
  });
  return result.errors.map((error) => error.rawMessage);
}

const read = (xml: string) => gpxToGeoJson(new DOMParser().parseFromString(xml, 'text/xml'));

const route: GpxRoute = {
  title: 'Tom & Jerry\'s <"deliveries">',
  stops: [
    {
      name: 'Boulangerie "Chez Paul" & fils',
      lat: 48.8534951,
      lng: 2.3483915,
      note: 'Door code <1234>\nRing twice',
    },
    { name: 'Mairie de Lyon', lat: 45.7578137, lng: 4.8320114 },
    { name: 'Gare de Dijon\u0007', lat: 47.3215806, lng: 5.0414701, note: '  ' },
  ],
  line: lineOfLegs([
    {
      coordinates: [
        [48.8534951, 2.3483915],
        [47.5, 3.9],
        [45.7578137, 4.8320114],
      ],
    },
    {
      coordinates: [
        [45.7578137, 4.8320114],
        [46.6, 4.95],
        [47.3215806, 5.0414701],
      ],
    },
  ]),
  time: new Date('2026-11-22T14:00:00Z'),
};

describe('toGpx', () => {
  it('is valid against the official GPX 1.1 schema', async () => {
    expect(await schemaErrors(toGpx(route))).toEqual([]);
    expect(await schemaErrors(toGpx({ title: '', stops: [] }))).toEqual([]);
  });

  it('the schema check catches an invalid file (the test can fail)', async () => {
    const broken = toGpx(route).replace(
      '<name>Mairie de Lyon</name>',
      '<desc>x</desc><name>Mairie de Lyon</name>',
    );
    expect((await schemaErrors(broken)).length).toBeGreaterThan(0);
    expect(
      (await schemaErrors(toGpx(route).replace('lat="45.7578137"', 'lat="95"'))).length,
    ).toBeGreaterThan(0);
  });

  it('reads back as waypoints with their names and notes, plus the route line', () => {
    const features = read(toGpx(route)).features;
    const points = features.filter((feature) => feature.geometry?.type === 'Point');
    expect(points.map((feature) => feature.properties?.name)).toEqual([
      'Boulangerie "Chez Paul" & fils',
      'Mairie de Lyon',
      'Gare de Dijon',
    ]);
    expect(points[0].properties?.desc).toBe('Door code <1234>\nRing twice');
    expect(points[1].properties?.desc).toBeUndefined();
    expect(points[0].geometry).toEqual({ type: 'Point', coordinates: [2.3483915, 48.8534951] });

    const track = features.find((feature) => feature.geometry?.type === 'LineString');
    expect(track?.properties?.name).toBe('Tom & Jerry\'s <"deliveries">');
    expect(track?.geometry).toMatchObject({
      coordinates: [
        [2.3483915, 48.8534951],
        [3.9, 47.5],
        [4.8320114, 45.7578137],
        [4.95, 46.6],
        [5.0414701, 47.3215806],
      ],
    });
  });

  it('draws the track through the stops when there is no route geometry', () => {
    const stops = [
      { name: 'A', lat: 1, lng: 2 },
      { name: 'B', lat: -3.5, lng: 179.9999999 },
    ];
    const track = read(toGpx({ title: 'Straight', stops })).features.find(
      (feature) => feature.geometry?.type === 'LineString',
    );
    expect(track?.geometry).toMatchObject({
      coordinates: [
        [2, 1],
        [179.9999999, -3.5],
      ],
    });
  });

  it('writes 200 stops and a long line that still validate, with 180° as -180°', async () => {
    const stops = Array.from({ length: 200 }, (_, index) => ({
      name: `Stop ${index + 1}`,
      lat: -89 + index * 0.89,
      lng: index === 0 ? 180 : -179.5 + index * 1.7,
    }));
    const xml = toGpx({
      title: 'Big day',
      stops,
      line: stops.map(({ lat, lng }) => [lat, lng === 180 ? 179.99 : lng] as const),
    });
    expect(xml).toContain('lon="-180"');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(read(xml).features.filter((feature) => feature.geometry?.type === 'Point')).toHaveLength(
      200,
    );
  });
});

describe('toGpx with planned times', () => {
  const planned: GpxRoute = {
    title: 'Monday round',
    stops: [
      { name: 'Depot', lat: 48.8566, lng: 2.3522, time: Date.UTC(2030, 2, 4, 7, 0) },
      {
        name: 'Pharmacy',
        lat: 48.8466,
        lng: 2.3291,
        note: 'Back door',
        description: 'Arrive 08:20 · Leave 08:30 · Window 08:00–09:00\nBack door',
        time: Date.UTC(2030, 2, 4, 7, 20, 30, 500),
      },
      { name: 'School', lat: 48.8419, lng: 2.3001, note: 'Gate B' },
    ],
  };

  it('writes each waypoint’s time (UTC, to the second) and description, valid GPX 1.1', async () => {
    const xml = toGpx(planned);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<wpt lat="48.8566" lon="2.3522"><time>2030-03-04T07:00:00Z</time>');
    const points = read(xml).features.filter((feature) => feature.geometry?.type === 'Point');
    expect(points.map((feature) => feature.properties?.time)).toEqual([
      '2030-03-04T07:00:00Z',
      '2030-03-04T07:20:30Z',
      undefined,
    ]);
    expect(points[1].properties?.desc).toBe(
      'Arrive 08:20 · Leave 08:30 · Window 08:00–09:00\nBack door',
    );
    // A stop without a description keeps its note.
    expect(points[2].properties?.desc).toBe('Gate B');
  });
});

describe('helpers', () => {
  it('escapes the five XML characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>\u0000\u001F\uFFFF\uD800`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(escapeXml('emoji 🚚 ok')).toBe('emoji 🚚 ok');
  });

  it('joins route legs without repeating the stop between two legs', () => {
    expect(
      lineOfLegs([
        {
          coordinates: [
            [1, 1],
            [2, 2],
          ],
        },
        {
          coordinates: [
            [2, 2],
            [3, 3],
          ],
        },
      ]),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(lineOfLegs([])).toEqual([]);
  });

  it('names the file after the route', () => {
    expect(gpxFileName('Tournée du Mardi / Lyon')).toBe('tournee-du-mardi-lyon.gpx');
    expect(gpxFileName('  ***  ')).toBe('route.gpx');
  });
});
