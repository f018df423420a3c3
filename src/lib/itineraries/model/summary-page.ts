import * as z from 'zod/mini';
import type { ItinerarySort } from '@domain/itinerary-list.ts';
import { itinerarySummarySchema, type ItinerarySummary } from './itinerary';

/** What My Routes asks for: routes matching `search` (title or stop names), in `sort` order. */
export interface SummaryFilters {
  search: string;
  sort: ItinerarySort;
}

/** My Routes as it first shows: every route, newest first. */
export const FIRST_SUMMARY_FILTERS: SummaryFilters = Object.freeze({ search: '', sort: 'newest' });

/** One page of GET /api/itineraries?summary=true. */
export interface SummaryPage {
  items: ItinerarySummary[];
  /** Where the next page starts (the Link header's cursor); null on the last page. */
  next: string | null;
  /** How many routes match, on every page (X-Total-Count). */
  total: number;
}

export const summaryListSchema = z.array(itinerarySummarySchema);

/**
 * The cursor of a Link header's rel="next" reference (`<?...&cursor=X>; rel="next"`, RFC 8288);
 * null without one.
 */
export function nextCursorOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2])) continue;
    return new URL(match[1], 'http://link.invalid/').searchParams.get('cursor');
  }
  return null;
}

/** X-Total-Count as a number; `fallback` when absent or unreadable. */
export function totalCountOf(header: string | null, fallback: number): number {
  const total = header === null ? NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}

/** The summaries of every page loaded, each route once (a page may repeat one a save moved). */
export function summariesOf(pages: readonly SummaryPage[]): ItinerarySummary[] {
  const seen = new Set<string>();
  const routes: ItinerarySummary[] = [];
  for (const page of pages) {
    for (const route of page.items) {
      if (seen.has(route.id)) continue;
      seen.add(route.id);
      routes.push(route);
    }
  }
  return routes;
}

/**
 * How many routes match: what the newest page holding routes says (a page after the last
 * route holds none, and a server may count 0 there), never fewer than the routes loaded.
 */
export function matchingTotal(pages: readonly SummaryPage[], loaded: number): number {
  const told = pages.findLast((page) => page.items.length > 0) ?? pages[0];
  return Math.max(told?.total ?? 0, loaded);
}

/** The pages with route `id` shared (a link made) or not (its link revoked). */
export function withShared<P extends SummaryPage>(
  pages: readonly P[],
  id: string,
  shared: boolean,
): P[] {
  return pages.map((page) =>
    page.items.some((route) => route.id === id)
      ? {
          ...page,
          items: page.items.map((route) => (route.id === id ? { ...route, shared } : route)),
        }
      : page,
  );
}

/** The pages without the route `id` (deleted), the totals one less where it was. */
export function withoutRoute<P extends SummaryPage>(pages: readonly P[], id: string): P[] {
  const found = pages.some((page) => page.items.some((route) => route.id === id));
  return pages.map((page) => ({
    ...page,
    items: page.items.filter((route) => route.id !== id),
    total: found ? Math.max(0, page.total - 1) : page.total,
  }));
}
