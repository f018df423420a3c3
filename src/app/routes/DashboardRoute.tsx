import { DashboardPage } from '@/features/itineraries';
import { FIRST_SUMMARY_FILTERS, itinerarySummariesQueryOptions } from '@/lib/itineraries';
import { storedSessionUser } from '@/lib/supabase';
import { useOutboxSync } from '../outbox/use-outbox-sync';
import { queryClient } from '../query-provider';

// My Routes' first page is asked for as soon as this page's code has arrived, while React
// renders the page, instead of once the list has mounted: on a phone the request then went
// out some 400 ms after the tap, most of it this code's evaluation and the first render.
if (storedSessionUser())
  void queryClient.prefetchInfiniteQuery(itinerarySummariesQueryOptions(FIRST_SUMMARY_FILTERS));

/** /dashboard: My Routes, and the offline outbox is sent from here. */
export default function DashboardRoute() {
  useOutboxSync();
  return <DashboardPage />;
}
