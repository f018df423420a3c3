// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { exportDocumentSchema } from './export-document';
import { exportArchive, proofDownloads } from './export-archive';

const raw = {
  format: 'route-planner-account-export',
  version: 1,
  exported_at: '2026-11-24T10:00:00.000Z',
  account: { id: 'u1', email: 'driver@example.com', created_at: '2026-11-01T08:00:00.000Z' },
  itineraries: [
    {
      id: 'r1',
      title: 'Monday: Paris & Lyon',
      stops: [
        { name: 'Paris', lat: 48.8566, lng: 2.3522, note: 'Door code 4711', status: 'done' },
        { name: 'Lyon <centre>', lat: 45.764, lng: 4.8357 },
      ],
      total_distance: 465000,
      total_duration: 16000,
      created_at: '2026-11-02T08:00:00.000Z',
      updated_at: '2026-11-03T08:00:00.000Z',
      share_links: [
        {
          url: 'https://planner.example/share/abc',
          include_notes: true,
          created_at: '2026-11-02T09:00:00.000Z',
          revoked_at: null,
        },
      ],
    },
    {
      id: 'r2',
      title: 'Tuesday',
      stops: [{ name: 'Nice', lat: 43.7102, lng: 7.262 }],
      created_at: '2026-11-04T08:00:00.000Z',
      updated_at: '2026-11-04T08:00:00.000Z',
      share_links: [],
      stop_reports: [
        {
          id: 'report-1',
          status: 'delivered',
          photoUrl:
            'https://project.supabase.co/storage/v1/object/sign/stop-proofs/r2/report-1/photo-ab.jpg?token=t',
          signatureUrl:
            'https://project.supabase.co/storage/v1/object/sign/stop-proofs/r2/report-1/signature-cd.png?token=u',
        },
        { id: 'report-2', status: 'failed' },
      ],
    },
  ],
};

/** The archive's files as text, as an unzip tool reads them. */
const readZip = (bytes: Uint8Array) =>
  new Map(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

describe('exportArchive', () => {
  const document = exportDocumentSchema.parse(raw);

  it('holds the export as the server sent it, every field included', () => {
    const { fileName, bytes } = exportArchive(raw, document);
    expect(fileName).toBe('route-planner-data-2026-11-24.zip');
    const files = readZip(bytes);
    expect(JSON.parse(files.get('account.json')!)).toEqual(raw);
  });

  it('holds a GPX per route, in order, with each stop and its note', () => {
    const files = readZip(exportArchive(raw, document).bytes);
    expect([...files.keys()]).toEqual([
      'account.json',
      'routes/01-monday-paris-lyon.gpx',
      'routes/02-tuesday.gpx',
    ]);
    const gpx = new DOMParser().parseFromString(
      files.get('routes/01-monday-paris-lyon.gpx')!,
      'application/xml',
    );
    expect(gpx.querySelector('parsererror')).toBeNull();
    expect(gpx.querySelector('metadata > name')?.textContent).toBe('Monday: Paris & Lyon');
    const waypoints = [...gpx.querySelectorAll('wpt')].map((wpt) => ({
      name: wpt.querySelector('name')?.textContent,
      desc: wpt.querySelector('desc')?.textContent ?? null,
      lat: Number(wpt.getAttribute('lat')),
    }));
    expect(waypoints).toEqual([
      { name: 'Paris', desc: 'Door code 4711', lat: 48.8566 },
      { name: 'Lyon <centre>', desc: null, lat: 45.764 },
    ]);
  });

  it('is just the JSON file for an account without routes', () => {
    const empty = { ...raw, itineraries: [] };
    const files = readZip(exportArchive(empty, exportDocumentSchema.parse(empty)).bytes);
    expect([...files.keys()]).toEqual(['account.json']);
  });

  it('refuses a document that is not an export (the page then says the download failed)', () => {
    expect(exportDocumentSchema.safeParse({ ...raw, format: 'something-else' }).success).toBe(
      false,
    );
    expect(exportDocumentSchema.safeParse({ account: {} }).success).toBe(false);
  });

  it('puts the drivers’ photos and signatures, fetched from their links, beside the routes', () => {
    const downloads = proofDownloads(document);
    expect(downloads).toEqual([
      {
        name: 'proofs/02-tuesday/report-1-photo.jpg',
        url: expect.stringContaining('photo-ab.jpg'),
      },
      {
        name: 'proofs/02-tuesday/report-1-signature.png',
        url: expect.stringContaining('signature-cd.png'),
      },
    ]);
    const proofs = downloads.map(({ name }) => ({ name, data: new Uint8Array([0xff, 0xd8]) }));
    const files = readZip(exportArchive(raw, document, proofs).bytes);
    expect([...files.keys()].slice(-2)).toEqual(downloads.map(({ name }) => name));
  });
});
