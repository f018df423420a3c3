import { memo } from 'react';
import { RouteProgress } from '@/components/route-progress/RouteProgress';
import type { ItinerarySummary } from '@/lib/itineraries';
import { RouteCard, type RouteCardProps } from './RouteCard';

/** What a card's buttons do: the same functions for every card and every render. */
export type CardActions = Pick<
  RouteCardProps,
  'onDuplicate' | 'onDelete' | 'onShare' | 'onRevoke' | 'onSendToDriver'
>;

export interface SummaryCardProps {
  route: ItinerarySummary;
  headingLevel: 2 | 3;
  deleting: boolean;
  sharing: boolean;
  duplicating: boolean;
  actions: CardActions;
}

/**
 * A route of My Routes with its drivers' progress. Drawn again only when its own props change:
 * a page loading, a notice or a dialog of My Routes leaves the cards already drawn as they are
 * (24 cards drawn three times over made showing the next page's six slow).
 */
export const SummaryCard = memo(function SummaryCard({
  route,
  headingLevel,
  deleting,
  sharing,
  duplicating,
  actions,
}: SummaryCardProps) {
  return (
    <RouteCard
      itinerary={route}
      headingLevel={headingLevel}
      deleting={deleting}
      sharing={sharing}
      duplicating={duplicating}
      {...actions}
    >
      <RouteProgress id={route.id} title={route.title} progress={route.progress} />
    </RouteCard>
  );
});
