import { parseDeparture } from '@domain/day-plan/clock.ts';
import type { ItinerarySummary } from '@/lib/itineraries';

/** One collator per language: making one costs far more than comparing (a page of cards made 24). */
const collators = new Map<string, Intl.Collator>();
export function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** What My Routes lists: a route, or the routes of one day split among drivers. */
export type DashboardEntry =
  | { kind: 'route'; itinerary: ItinerarySummary }
  | { kind: 'day'; group: string; itineraries: ItinerarySummary[] };

/**
 * The routes in their order, those of one day group together as one day: the day where its
 * first route is, its routes in the order of their titles ("Driver 2" before "Driver 10"). A day
 * with one route left in view (the others deleted or not matching a search) is a plain route.
 */
export function groupByDay(routes: readonly ItinerarySummary[], locale: string): DashboardEntry[] {
  const members = new Map<string, ItinerarySummary[]>();
  for (const itinerary of routes) {
    if (!itinerary.day_group) continue;
    const list = members.get(itinerary.day_group) ?? [];
    list.push(itinerary);
    members.set(itinerary.day_group, list);
  }
  const placed = new Set<string>();
  const entries: DashboardEntry[] = [];
  for (const itinerary of routes) {
    const group = itinerary.day_group;
    const day = group ? members.get(group) : undefined;
    if (!group || !day || day.length < 2) {
      entries.push({ kind: 'route', itinerary });
      continue;
    }
    if (placed.has(group)) continue;
    placed.add(group);
    entries.push({
      kind: 'day',
      group,
      itineraries: [...day].sort((a, b) => collatorFor(locale).compare(a.title, b.title)),
    });
  }
  return entries;
}

/**
 * The plan of the day's route that leaves first: the day departs when its first driver does
 * (not when the first route by title does). undefined when no route has a departure.
 */
export function firstDeparting(
  routes: readonly ItinerarySummary[],
): ItinerarySummary['day_plan'] | undefined {
  let first: { plan: ItinerarySummary['day_plan']; instant: number } | undefined;
  for (const { day_plan: plan } of routes) {
    const departure = parseDeparture(plan?.departure);
    if (departure && (!first || departure.instant < first.instant))
      first = { plan, instant: departure.instant };
  }
  return first?.plan;
}
