import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import { useTimeFormat } from '@/lib/day-plan';
import type { ItinerarySummary } from '@/lib/itineraries';
import { firstDeparting, groupByDay } from '../model/day-groups';
import { useLoadMoreOnScroll } from '../hooks/use-load-more-on-scroll';

/**
 * Cards in the first frame: a phone's screen shows three or four; the rest of the page follows
 * in a render of its own (a page of 24 cards was one long task at 4x CPU before the first).
 */
const FIRST_FRAME_CARDS = 6;

/** "Departs Mon 4 Mar, 08:00" of a day, in its time zone (as the planner shows it). */
function DayDeparts({ plan }: { plan: ItinerarySummary['day_plan'] }) {
  const { t } = useTranslation();
  const format = useTimeFormat(plan?.timeZone);
  const departure = parseDeparture(plan?.departure);
  return departure ? (
    <p className="day-group__when">
      {t('dayPlan.departs', { time: format.dayAndTime(departure.instant) })}
    </p>
  ) : null;
}

export interface RouteGridProps {
  routes: readonly ItinerarySummary[];
  /** One route's card, its title a heading of `level` (3 inside a day). */
  card: (route: ItinerarySummary, level: 2 | 3) => ReactNode;
  /** What a day shows under its heading besides its departure (its progress, its actions). */
  dayExtras?: (group: string, routes: readonly ItinerarySummary[], headingId: string) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  loadMore: () => void;
}

/**
 * The route cards, a day split among drivers together under its heading, then the next page:
 * asked for as the end of the list nears the screen, or with the "Show more" button.
 */
export function RouteGrid({
  routes,
  card,
  dayExtras,
  hasMore,
  loadingMore,
  moreFailed,
  loadMore,
}: RouteGridProps) {
  const { t, i18n } = useTranslation();
  const shown = useDeferredValue(routes, routes.slice(0, FIRST_FRAME_CARDS));
  // Until every card of the pages is drawn, the end of the list is not where it will be.
  const drawn = shown === routes;
  const end = useLoadMoreOnScroll(drawn && hasMore && !loadingMore && !moreFailed, loadMore);
  return (
    <>
      <ul className="dashboard__grid" aria-label={t('dashboard.listLabel')}>
        {groupByDay(shown, i18n.resolvedLanguage ?? 'en').map((entry) => {
          if (entry.kind === 'route') {
            return <li key={entry.itinerary.id}>{card(entry.itinerary, 2)}</li>;
          }
          const headingId = `day-group-${entry.group}`;
          return (
            <li key={`day-${entry.group}`} className="dashboard__day">
              <section className="day-group" aria-labelledby={headingId}>
                <h2 id={headingId} className="day-group__title">
                  {t('dayPlan.dayGroupTitle', { count: entry.itineraries.length })}
                </h2>
                <DayDeparts plan={firstDeparting(entry.itineraries)} />
                {dayExtras?.(entry.group, entry.itineraries, headingId)}
                <ul className="dashboard__grid" aria-label={t('dayPlan.dayGroupLabel')}>
                  {entry.itineraries.map((itinerary) => (
                    <li key={itinerary.id}>{card(itinerary, 3)}</li>
                  ))}
                </ul>
              </section>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <div className="dashboard__more" ref={end}>
          {moreFailed ? (
            <p className="dashboard__more-failed" role="alert">
              {t('dashboard.moreFailed')}
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={loadingMore}
            aria-busy={loadingMore}
            onClick={loadMore}
          >
            {loadingMore ? t('dashboard.loadingMore') : t('dashboard.showMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
