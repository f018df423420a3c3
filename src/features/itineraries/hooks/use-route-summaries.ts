import { useMemo, useState } from 'react';
import type { ItinerarySort } from '@domain/itinerary-list.ts';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import {
  FIRST_SUMMARY_FILTERS,
  matchingTotal,
  summariesOf,
  useItinerarySummaries,
} from '@/lib/itineraries';

/** Typing pauses this long before the search is asked for (as the address search waits). */
const SEARCH_PAUSE_MS = 300;

/**
 * My Routes' cards: the search (asked for once typing pauses) and the order, the routes of
 * every page loaded so far, how many match, and the next page.
 */
export function useRouteSummaries({ enabled }: { enabled: boolean }) {
  const [search, setSearch] = useState(FIRST_SUMMARY_FILTERS.search);
  const [sort, setSort] = useState<ItinerarySort>(FIRST_SUMMARY_FILTERS.sort);
  const [askedSearch] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const query = useItinerarySummaries({ search: askedSearch, sort }, { enabled });
  const pages = query.data?.pages;
  const routes = useMemo(() => summariesOf(pages ?? []), [pages]);
  const total = matchingTotal(pages ?? [], routes.length);
  // The answer shown belongs to what is asked (not the previous search while the new one loads).
  const current = !query.isPlaceholderData && askedSearch === search.trim();
  return {
    search,
    setSearch,
    sort,
    setSort,
    /** A search is asked for (its answer may still be on its way). */
    searching: search.trim() !== '',
    routes,
    total,
    current,
    isPending: query.isPending,
    isError: query.isError && !query.isFetchNextPageError,
    refetch: query.refetch,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    loadMore: query.fetchNextPage,
  };
}
