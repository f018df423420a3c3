import { describe, expect, it } from 'vitest';
import type { Place } from '@/lib/geocoding';
import {
  countReview,
  emptyReview,
  importReviewReducer,
  readyStops,
  waitingEntries,
  type ImportReview,
  type ImportReviewAction,
} from './import-review';
import { AMBIGUOUS_DISTANCE_KM, matchOf } from './match-rule';
import { parseImport } from './parse-import';

const paris: Place = { display_name: 'Paris, Île-de-France, France', lat: 48.8535, lng: 2.3484 };
const lyon: Place = { display_name: 'Lyon, Rhône, France', lat: 45.7578, lng: 4.832 };
const timesSquare: Place = {
  display_name: 'Times Square, Manhattan, New York',
  lat: 40.757,
  lng: -73.986,
};
const empireState: Place = {
  display_name: 'Empire State Building, Manhattan, New York',
  lat: 40.7484,
  lng: -73.9857,
};

const run = (actions: ImportReviewAction[], review: ImportReview = emptyReview) =>
  actions.reduce(importReviewReducer, review);
const loaded = (text: string) => run([{ type: 'load', rows: parseImport(text).rows }]);
const statuses = (review: ImportReview) =>
  review.entries.map((entry) => `${entry.line}:${entry.status}`);

describe('matchOf', () => {
  it('takes a single result, or the first of results close together', () => {
    expect(matchOf([paris])).toEqual({ kind: 'found', place: paris });
    expect(matchOf([timesSquare, empireState, paris])).toEqual({
      kind: 'found',
      place: timesSquare,
    });
  });

  it(`calls results whose first two are more than ${AMBIGUOUS_DISTANCE_KM} km apart ambiguous, and nothing none`, () => {
    expect(matchOf([paris, lyon])).toEqual({ kind: 'ambiguous', candidates: [paris, lyon] });
    expect(matchOf([])).toEqual({ kind: 'none' });
    // 0.2° of latitude is about 22 km: still one place; 0.25° (28 km) is two
    expect(matchOf([paris, { ...paris, lat: paris.lat + 0.2 }]).kind).toBe('found');
    expect(matchOf([paris, { ...paris, lat: paris.lat + 0.25 }]).kind).toBe('ambiguous');
  });
});

describe('importReviewReducer', () => {
  it('queues addresses, keeps points ready and lists unreadable and unsearchable lines', () => {
    const review = loaded(
      'name,address,lat,lng,note\nA,Paris,,,call first\nB,,48.1,11.5,\nC,,,,\nD,ab,,,\n',
    );
    expect(statuses(review)).toEqual(['2:waiting', '3:ready', '4:unreadable', '5:invalid']);
    expect(review.entries[3].problem).toBe('tooShort');
    expect(waitingEntries(review).map((entry) => entry.text)).toEqual(['Paris']);
    expect(countReview(review)).toEqual({ total: 4, ready: 1, waiting: 1, attention: 2 });
  });

  it('turns lookups into stops named by the name column or the place, with the note', () => {
    const review = run(
      [
        { type: 'looked', line: 2, text: 'Paris', places: [paris] },
        { type: 'looked', line: 3, text: 'Lyon', places: [lyon, paris] },
      ],
      loaded('address;name;note\nParis;Bakery;back door\nLyon;;\nnowhere at all;;'),
    );
    expect(statuses(review)).toEqual(['2:ready', '3:ambiguous', '4:waiting']);
    expect(readyStops(review)).toEqual([
      { name: 'Bakery', lat: paris.lat, lng: paris.lng, note: 'back door' },
    ]);

    const picked = run(
      [
        { type: 'pick', line: 3, candidate: 1 },
        { type: 'looked', line: 4, text: 'nowhere at all', places: [] },
      ],
      review,
    );
    expect(statuses(picked)).toEqual(['2:ready', '3:ready', '4:notFound']);
    expect(readyStops(picked)[1]).toEqual({
      name: paris.display_name,
      lat: paris.lat,
      lng: paris.lng,
    });
  });

  it('lets the user fix a line and ignores the stale answer for its old text', () => {
    const review = run(
      [
        { type: 'looked', line: 1, text: 'Pariss', places: [] },
        { type: 'edit', line: 1, text: 'Paris' },
      ],
      loaded('Pariss'),
    );
    expect(statuses(review)).toEqual(['1:waiting']);
    expect(run([{ type: 'looked', line: 1, text: 'Pariss', places: [lyon] }], review)).toBe(review);
    expect(
      statuses(run([{ type: 'looked', line: 1, text: 'Paris', places: [paris] }], review)),
    ).toEqual(['1:ready']);
    expect(statuses(run([{ type: 'edit', line: 1, text: 'P' }], review))).toEqual(['1:invalid']);
  });

  it('keeps a failed lookup listed, and removes a line only when the user says so', () => {
    const review = run([{ type: 'lookupFailed', line: 1, text: 'Paris' }], loaded('Paris\nLyon'));
    expect(statuses(review)).toEqual(['1:failed', '2:waiting']);
    expect(statuses(run([{ type: 'edit', line: 1, text: 'Paris' }], review))).toEqual([
      '1:waiting',
      '2:waiting',
    ]);
    expect(statuses(run([{ type: 'discard', line: 1 }], review))).toEqual(['2:waiting']);
  });

  it('gives the stops their time window and time at the stop, through lookups, fixes and picks', () => {
    const review = run(
      [
        { type: 'looked', line: 2, text: 'Paris', places: [paris] },
        { type: 'looked', line: 3, text: 'Lyonn', places: [] },
        { type: 'edit', line: 3, text: 'Lyon' },
        { type: 'looked', line: 3, text: 'Lyon', places: [lyon, timesSquare] },
        { type: 'pick', line: 3, candidate: 0 },
      ],
      loaded('address;window;time at stop\nParis;9-12;10 min\nLyonn;14:00-13:00;0:05\nDepot;;\n'),
    );
    expect(statuses(review)).toEqual(['2:ready', '3:ready', '4:waiting']);
    expect(readyStops(review)).toEqual([
      {
        name: paris.display_name,
        lat: paris.lat,
        lng: paris.lng,
        window: { start: '09:00', end: '12:00' },
        serviceMinutes: 10,
      },
      { name: lyon.display_name, lat: lyon.lat, lng: lyon.lng, serviceMinutes: 5 },
    ]);
    // The window it could not read stays with its line, for the message.
    expect(review.entries[1].dayIssues).toEqual([
      { field: 'window', value: '14:00-13:00', problem: 'endBeforeStart' },
    ]);
    const points = loaded('lat,lng,window\n48.1,11.5,8:00-8:30\n');
    expect(readyStops(points)).toEqual([
      {
        name: 'Location 48.1000, 11.5000',
        lat: 48.1,
        lng: 11.5,
        window: { start: '08:00', end: '08:30' },
      },
    ]);
  });

  it('drops the added stops from the review and keeps the lines still to fix', () => {
    const review = run(
      [{ type: 'looked', line: 1, text: 'Paris', places: [paris] }, { type: 'added' }],
      loaded('Paris\nLyon'),
    );
    expect(statuses(review)).toEqual(['2:waiting']);
  });
});
