import { describe, expect, it } from 'vitest';
import type { RouteProgress } from '@/lib/driver-reports';
import { END_PLACE, placeToSend } from './add-stop-place';

const stop = (id: string, reported: boolean) => ({
  id,
  name: id,
  lat: 48.85,
  lng: 2.35,
  history: [],
  ...(reported
    ? {
        report: {
          id: `r-${id}`,
          stopId: id,
          status: 'delivered' as const,
          at: '2030-03-04T08:00:00Z',
          receivedAt: '2030-03-04T08:00:00Z',
          farFromStop: false,
        },
      }
    : {}),
});
const route = (...reported: boolean[]) =>
  ({
    itineraryId: 'a',
    title: 'Driver 1',
    stops: reported.map((done, index) => stop(`s${index}`, done)),
  }) as unknown as RouteProgress;

describe('placeToSend', () => {
  it('leaves the place to the API for the best fit, and asks past any end for the end', () => {
    expect(placeToSend(route(false, false), 'best')).toBeUndefined();
    expect(placeToSend(route(false, false), 'end')).toBe(END_PLACE);
  });

  it('puts the next stop right after the last stop reported on', () => {
    expect(placeToSend(route(false, false, false), 'next')).toBe(1);
    expect(placeToSend(route(false, true, false, true, false), 'next')).toBe(4);
    // Everything reported: the end, the one place after them.
    expect(placeToSend(route(false, true, true), 'next')).toBe(3);
    expect(placeToSend(route(false), 'next')).toBe(1);
  });
});
