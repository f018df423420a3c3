import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { withShared, type SummaryPage } from '../model/summary-page';
import { itineraryKeys } from './query-keys';

/** Every loaded page of route cards says whether route `id` has a working share link. */
export function markShared(queryClient: QueryClient, id: string, shared: boolean): void {
  queryClient.setQueriesData<InfiniteData<SummaryPage, string | null>>(
    { queryKey: itineraryKeys.lists() },
    (data) => data && { ...data, pages: withShared(data.pages, id, shared) },
  );
}
