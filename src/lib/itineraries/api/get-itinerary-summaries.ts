import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiGet } from '@/lib/api-url';
import {
  nextCursorOf,
  summaryListSchema,
  totalCountOf,
  type SummaryFilters,
  type SummaryPage,
} from '../model/summary-page';
import { itineraryKeys } from './query-keys';

/**
 * Routes per page: the first screen of cards on any device, some 6 KB of JSON (the whole list
 * of a year's routes with their stops was 3.8 MB).
 */
const SUMMARY_PAGE_SIZE = 24;

/**
 * GET /api/itineraries?summary=true&progress=true&limit=&sort=&q=&cursor=: one page of route
 * cards, each with what its driver reported and its day's drivers together.
 */
export const itinerarySummariesRequest = (
  { search, sort }: SummaryFilters,
  cursor: string | null,
): ApiGet => ({
  path: '/itineraries',
  query: {
    summary: 'true',
    progress: 'true',
    limit: SUMMARY_PAGE_SIZE,
    sort,
    q: search.trim() || undefined,
    cursor: cursor ?? undefined,
  },
});

export async function getItinerarySummaries(
  filters: SummaryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SummaryPage> {
  const { path, query } = itinerarySummariesRequest(filters, cursor);
  const { data, headers } = await apiClient.getWithHeaders(path, {
    query,
    signal,
    schema: summaryListSchema,
  });
  return {
    items: data,
    next: nextCursorOf(headers.get('Link')),
    total: totalCountOf(headers.get('X-Total-Count'), data.length),
  };
}

export const itinerarySummariesQueryOptions = (filters: SummaryFilters) =>
  infiniteQueryOptions({
    queryKey: itineraryKeys.summaries(filters),
    queryFn: ({ pageParam, signal }) => getItinerarySummaries(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** The route cards of My Routes, a page at a time; a new search keeps the cards shown until it answers. */
export function useItinerarySummaries(
  filters: SummaryFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...itinerarySummariesQueryOptions(filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
