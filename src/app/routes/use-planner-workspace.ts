import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLanguage } from '@domain/composed-texts.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
// The map's types only: Leaflet loads with the map (the planner feature's PlannerMap).
import type { MapViewport } from '@/components/map';
import { useLeaveGuard } from '@/components/hooks/use-leave-guard';
import { useIdentity } from '@/lib/auth';
import { searchBias } from '@/features/geocoding';
import {
  toStops,
  useCameraRequests,
  useCurrentPosition,
  useDaySchedule,
  usePlannerRoute,
  useRouteCalculation,
} from '@/features/planner';
import type { Itinerary } from '@/lib/itineraries';
import { titleOrAuto } from '@/lib/route-storage';
import { useTimeFormat } from '@/lib/day-plan';
import { useStopEdits } from './use-stop-edits';

/**
 * The planner page's state and behaviour: the route being planned (usePlannerRoute), its edits,
 * the calculated route and the working day along it, the camera's moves, the user's position
 * and where the address searches prefer results, the latest saved version, and the guard on
 * leaving with unsaved edits.
 */
export function usePlannerWorkspace(itineraryId: string | undefined) {
  const { t, i18n } = useTranslation();
  const { identity } = useIdentity();
  const isEdit = itineraryId !== undefined;
  const planner = usePlannerRoute(itineraryId);
  const { state, ready, loadLatest } = planner;
  const { stops, title } = state;

  /** The last change, for screen readers. */
  const [announcement, setAnnouncement] = useState('');
  /** The stop the user last chose in the list, highlighted on the map and in the list. */
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [calculateMessage, setCalculateMessage] = useState('');
  const camera = useCameraRequests();
  const { fitTo } = camera;
  /** The map's view, where the address search prefers results. */
  const [view, setView] = useState<MapViewport | null>(null);
  // A new route's planner without stops finds the user (the map centres there).
  const position = useCurrentPosition(!isEdit && ready && !planner.startedWithStops);
  const located = position.state.status === 'located' ? position.state.point : null;

  const calculation = useRouteCalculation(stops);
  // A new list of 500 stops on every render (the day's clock, a typed letter) adds up.
  const plainStops = useMemo(() => toStops(stops), [stops]);
  const legs = calculation.route?.legs;
  const clearCalculateMessage = useCallback(() => setCalculateMessage(''), []);
  const edits = useStopEdits({
    planner,
    camera,
    announce: setAnnouncement,
    onAdded: clearCalculateMessage,
    onShow: setHighlightedId,
  });

  // The working day along the route: each stop's times, the finish and the totals.
  const day = useDaySchedule(state.dayPlan, stops, legs);
  const timeFormat = useTimeFormat(state.dayPlan?.timeZone);
  const onLatestLoaded = useCallback(
    (latest: Itinerary) => {
      setHighlightedId(null);
      setCalculateMessage('');
      setAnnouncement(t('planner.announceLatestLoaded'));
      if (latest.stops.length > 0) fitTo(latest.stops);
    },
    [fitTo, t],
  );

  // Set by the actions (PlannerActions) while a save, a start or the latest version's load runs.
  const [actionsBusy, setActionsBusy] = useState(false);
  // Unsaved edits of a saved route: leaving asks first.
  const leaveGuard = useLeaveGuard(planner.dirty && !actionsBusy);

  return {
    planner,
    signedIn: identity.status === 'signed-in',
    isEdit,
    /** Edit mode: nothing can be typed or changed until the saved route is on screen. */
    locked: !ready,
    edits,
    announcement,
    highlightedIndex: stops.findIndex((stop) => stop.id === highlightedId),
    camera: camera.camera,
    position,
    setView,
    /** Where the address searches prefer results: the map's view, else the user's position. */
    bias: searchBias(view, located),
    calculation,
    legs,
    /** What Save and Start send. */
    route: { title, stops: plainStops, dayPlan: state.dayPlan },
    /** The title a split or an export writes: the typed one, or the automatic one. */
    shownTitle: titleOrAuto(title, stops, textLanguage(i18n.resolvedLanguage)),
    day,
    timeFormat,
    calculateMessage,
    calculateRoute: () => {
      if (stops.length < MIN_STOPS_TO_CALCULATE) {
        setCalculateMessage(t('planner.needTwoStops'));
        return;
      }
      setCalculateMessage('');
      calculation.calculateNow();
      fitTo(stops);
    },
    onLatestLoaded,
    actionsBusy,
    setActionsBusy,
    leaveGuard,
    /** "Discard" of the unsaved edits put back on arrival: the saved version instead. */
    discardRestored: async () => {
      try {
        const latest = await loadLatest();
        planner.dismissRestored();
        setAnnouncement(t('planner.editsDiscarded'));
        if (latest.stops.length > 0) fitTo(latest.stops);
      } catch (error) {
        console.error('Loading the saved version of the route failed', error);
      }
    },
  };
}
