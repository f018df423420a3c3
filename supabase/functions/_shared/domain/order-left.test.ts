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

  it('keeps a stop left that is locked first first, and one locked last last', () => {
    const locked = stops.map((stop) =>
      stop.id === 'b'
        ? { ...stop, lock: 'first' as const }
        : stop.id === 'd'
          ? { ...stop, lock: 'last' as const }
          : stop,
    );
    const done = statuses({ a: 'delivered' });
    expect(ids(withOrderLeft(locked, done, ['b', 'e', 'c', 'd']))).toEqual([
      'start',
      'a',
      'b',
      'e',
      'c',
      'd',
    ]);
    for (const order of [
      ['e', 'b', 'c', 'd'],
      ['b', 'e', 'd', 'c'],
      ['d', 'c', 'e', 'b'],
    ])
      expect(withOrderLeft(locked, done, order), order.join()).toEqual({ issue: 'locked' });
    // A locked stop done is no longer in the list: the others take any order.
    const lockedDone = statuses({ b: 'delivered', d: 'failed' });
    expect(ids(withOrderLeft(locked, lockedDone, ['e', 'c', 'a']))).toEqual([
      'start',
      'e',
      'b',
      'c',
      'd',
      'a',
    ]);
    // Moved by hand away from its place, a locked stop goes back where its lock says.
    const movedByHand = [locked[0], locked[3], locked[2], locked[1], locked[4], locked[5]];
    expect(ids(withOrderLeft(movedByHand, statuses({}), ['b', 'c', 'a', 'e', 'd']))).toEqual([
      'start',
      'b',
      'c',
      'a',
      'e',
      'd',
    ]);
    expect(withOrderLeft(movedByHand, statuses({}), ['c', 'b', 'a', 'e', 'd'])).toEqual({
      issue: 'locked',
    });
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
