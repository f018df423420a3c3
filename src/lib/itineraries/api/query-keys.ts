import type { SummaryFilters } from '../model/summary-page';

/** Query keys for the signed-in user's itineraries; never typed inline. */
export const itineraryKeys = {
  all: ['itineraries'] as const,
  lists: () => [...itineraryKeys.all, 'list'] as const,
  /** My Routes' cards for a search and an order, a page at a time. */
  summaries: (filters: SummaryFilters) => [...itineraryKeys.lists(), 'summaries', filters] as const,
  details: () => [...itineraryKeys.all, 'detail'] as const,
  detail: (id: string) => [...itineraryKeys.details(), id] as const,
};
