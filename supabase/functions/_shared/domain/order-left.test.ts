import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportStatus } from './stop-reports.ts';
import { isDoneStatus, placesLeft, withOrderLeft } from './order-left.ts';

const stops = ['start', 'a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id }));
const statuses = (entries: Record<string, ReportStatus>) => (id: string) => entries[id];
const ids = (route: { stops: { id: string }[] } | { issue: string }) =>
  'stops' in route ? route.stops.map((stop) => stop.id) : route.issue;

describe('placesLeft', () => {
  it('is every stop after the start not delivered or failed; a skipped one is left', () => {
    expect(placesLeft(stops, statuses({}))).toEqual([1, 2, 3, 4, 5]);
    expect(placesLeft(stops, statuses({ a: 'delivered', c: 'failed', d: 'skipped' }))).toEqual([
      2, 4, 5,
    ]);
    // A report on the start changes nothing: it is never a stop to do.
    expect(placesLeft(stops, statuses({ start: 'skipped' }))).toEqual([1, 2, 3, 4, 5]);
    expect(isDoneStatus('skipped')).toBe(false);
  });
});

describe('withOrderLeft', () => {
  it('puts the stops left in the places they had, in the new order; the others stay', () => {
    const done = statuses({ a: 'delivered', c: 'failed', d: 'skipped' });
    expect(ids(withOrderLeft(stops, done, ['e', 'd', 'b']))).toEqual([
      'start',
      'a',
      'e',
      'c',
      'd',
      'b',
    ]);
    expect(ids(withOrderLeft(stops, statuses({}), ['E', 'D', 'C', 'B', 'A']))).toEqual([
      'start',
      'e',
      'd',
      'c',
      'b',
      'a',
    ]);
  });

  it('refuses anything but each stop left once', () => {
    const done = statuses({ a: 'delivered' });
    expect(withOrderLeft(stops, done, ['e', 'd', 'c'])).toEqual({ issue: 'invalid' });
    expect(withOrderLeft(stops, done, ['e', 'd', 'c', 'b', 'b'])).toEqual({ issue: 'invalid' });
    expect(withOrderLeft(stops, done, ['start', 'e', 'd', 'c', 'b'])).toEqual({
      issue: 'invalid',
    });
    expect(withOrderLeft(stops, done, ['e', 'd', 'c', 'b', 'a'])).toEqual({ issue: 'reported' });
    expect(withOrderLeft(stops, done, ['e', 'd', 'c', 'x'])).toEqual({ issue: 'no-stop' });
  });

  it('keeps the start and every stop done in its place, whatever the order of the rest', () => {
    const status = fc.constantFrom<ReportStatus | undefined>(
      undefined,
      'delivered',
      'failed',
      'skipped',
    );
    fc.assert(
      fc.property(
        fc.array(status, { minLength: 6, maxLength: 6 }),
        fc.integer(),
        (reported, seed) => {
          const statusOf = (id: string) => reported[stops.findIndex((stop) => stop.id === id)];
          const left = placesLeft(stops, statusOf).map((place) => stops[place].id);
          const order = [...left].sort(
            (x, y) => ((x.charCodeAt(0) * seed) % 7) - ((y.charCodeAt(0) * seed) % 7),
          );
          const route = withOrderLeft(stops, statusOf, order);
          if (!('stops' in route)) throw new Error(route.issue);
          route.stops.forEach((stop, index) => {
            if (!left.includes(stops[index].id)) expect(stop).toBe(stops[index]);
          });
          expect(
            route.stops.filter((stop) => left.includes(stop.id)).map((stop) => stop.id),
          ).toEqual(order);
        },
      ),
    );
  });
});
