import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { BoardRow } from './board-rows';
import { mailMergeCsv } from './mail-merge-csv';

const row = (stopId: string, number: number, name: string, planned: number | null): BoardRow => ({
  routeId: 'r1',
  driver: 'Driver 1',
  stopId,
  number,
  name,
  lat: 48.85,
  lng: 2.35,
  planned,
  status: 'todo',
  reportedAt: null,
  distance: null,
  far: false,
});

describe('mailMergeCsv', () => {
  it('one row per stop with a link: driver, number, the customer’s address, planned time, link', () => {
    const csv = mailMergeCsv(
      [
        row('s1', 1, 'Depot', Date.UTC(2030, 2, 4, 8)),
        row('s2', 2, '=12 Rue Cler, Paris', Date.UTC(2030, 2, 4, 9, 5)),
        row('s3', 3, 'Market', null),
      ],
      new Map([
        ['s2', 'https://planner.example/track/abc'],
        ['s3', 'https://planner.example/track/def'],
      ]),
      { driver: 'Driver', number: 'No.', stop: 'Stop', planned: 'Planned', tracking: 'Link' },
      'Europe/Paris',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse(csv.slice(1).trim()).data).toEqual([
      ['Driver', 'No.', 'Stop', 'Planned', 'Link'],
      // An address starting with = is text in a spreadsheet, never a formula.
      [
        'Driver 1',
        '2',
        "'=12 Rue Cler, Paris",
        '2030-03-04 10:05',
        'https://planner.example/track/abc',
      ],
      ['Driver 1', '3', 'Market', '', 'https://planner.example/track/def'],
    ]);
  });
});
