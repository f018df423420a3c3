import { useTranslation } from 'react-i18next';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import { useHydrating } from '@/lib/hydration';
import type { PlannerMapProps } from './PlannerMap';

const map = retryableLazy(async () => (await import('./PlannerMap')).PlannerMap);

/**
 * The planner's map, loaded on its own: Leaflet is the biggest part of the planner's code
 * (47 KB gzipped), and the stop list, search and actions show and answer without it. Until it is
 * in (and in the page rendered at build time, which has no map), its place on the page is held
 * by an empty region of the same name. If its code cannot be fetched, the region says so with
 * Retry (the rest of the planner keeps working).
 */
export function PlannerMap(props: PlannerMapProps) {
  const { t } = useTranslation();
  const hydrating = useHydrating();
  const placeholder = (
    <section className="map-view planner-map" aria-label={t('planner.mapRegion')} />
  );
  return hydrating ? placeholder : <LazyPart part={map} props={props} fallback={placeholder} />;
}
