import { describe, expect, it } from 'vitest';
import type { ItinerarySummary } from './itinerary';
import {
  matchingTotal,
  nextCursorOf,
  summariesOf,
  totalCountOf,
  withoutRoute,
  type SummaryPage,
} from './summary-page';

const summary = (id: string): ItinerarySummary => ({
  id,
  title: `Route ${id}`,
  stop_count: 2,
  created_at: '2025-03-04T10:00:00.000Z',
});
const page = (ids: string[], total: number, next: string | null = null): SummaryPage => ({
  items: ids.map(summary),
  next,
  total,
});

describe('nextCursorOf (the Link header of a page)', () => {
  it('reads the cursor of the rel="next" reference', () => {
    expect(nextCursorOf('<?summary=true&limit=24&cursor=WyJuZXdlc3Qi>; rel="next"')).toBe(
      'WyJuZXdlc3Qi',
    );
    expect(
      nextCursorOf('<https://api.example/x?cursor=a>; rel="prev", <?cursor=b_c-d>; rel=next'),
    ).toBe('b_c-d');
  });

  it('is null without a next page', () => {
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf('')).toBeNull();
    expect(nextCursorOf('<?cursor=a>; rel="prev"')).toBeNull();
    expect(nextCursorOf('not a link')).toBeNull();
  });
});

describe('totalCountOf', () => {
  it('reads X-Total-Count, else the fallback', () => {
    expect(totalCountOf('300', 24)).toBe(300);
    expect(totalCountOf(null, 24)).toBe(24);
    expect(totalCountOf('many', 3)).toBe(3);
    expect(totalCountOf('-1', 3)).toBe(3);
  });
});

describe('summariesOf', () => {
  it('lists the routes of every page in order, each once', () => {
    expect(
      summariesOf([page(['a', 'b'], 4, 'x'), page(['b', 'c', 'd'], 4)]).map((r) => r.id),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(summariesOf([])).toEqual([]);
  });
});

describe('matchingTotal', () => {
  it('is the newest count of a page with routes, never fewer than loaded', () => {
    expect(matchingTotal([page(['a', 'b'], 5, 'x'), page(['c'], 4)], 3)).toBe(4);
    // An empty page after the last route (its count 0) leaves the count as it was.
    expect(matchingTotal([page(['a', 'b'], 2, 'x'), page([], 0)], 2)).toBe(2);
    expect(matchingTotal([page(['a', 'b'], 0)], 2)).toBe(2);
    expect(matchingTotal([page([], 0)], 0)).toBe(0);
    expect(matchingTotal([], 0)).toBe(0);
  });
});

describe('withoutRoute', () => {
  it('takes a deleted route out of its page, one less in every total', () => {
    const pages = withoutRoute([page(['a', 'b'], 3, 'x'), page(['c'], 3)], 'b');
    expect(pages.map((p) => p.items.map((r) => r.id))).toEqual([['a'], ['c']]);
    expect(pages.map((p) => p.total)).toEqual([2, 2]);
    expect(pages[0].next).toBe('x');
  });

  it('leaves the pages as they were for a route they do not hold', () => {
    const pages = withoutRoute([page(['a'], 1)], 'z');
    expect(pages[0].items.map((r) => r.id)).toEqual(['a']);
    expect(pages[0].total).toBe(1);
  });
});
