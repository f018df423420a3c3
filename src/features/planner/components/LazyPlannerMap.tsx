import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { PlannerMapProps } from './PlannerMap';

const map = retryableLazy(async () => (await import('./PlannerMap')).PlannerMap);

/**
 * The planner's map, loaded after the page around it: Leaflet is the biggest part of the
 * planner's code (47 KB gzipped), and the stop list, search and actions show and answer without
 * it. It is asked for once the page has painted; until it is in, its place on the page is held
 * by an empty region of the same name. If its code cannot be fetched, the region says so with
 * Retry (the rest of the planner keeps working).
 */
export function PlannerMap(props: PlannerMapProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  const placeholder = (
    <section className="map-view planner-map" aria-label={t('planner.mapRegion')} />
  );
  return wanted ? <LazyPart part={map} props={props} fallback={placeholder} /> : placeholder;
}
