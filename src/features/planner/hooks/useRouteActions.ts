import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { paths, RETURN_TO_SAVE, RETURN_TO_WAZE } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { dashboardLocationState, useCreateItinerary, useUpdateItinerary } from '@/lib/itineraries';
import {
  clearPendingRoute,
  clearRouteDraft,
  titleOrAuto,
  writePendingRoute,
} from '@/lib/route-storage';
import { isChangedElsewhere } from '../model/save-conflict';
import { saveErrorDetail } from '../model/save-error';

export interface PlannedRoute {
  title: string;
  stops: Stop[];
}

/** A message for the sidebar: validation or a failed save (the route itself is kept). */
export interface ActionFeedback {
  message: string;
  detail?: string;
}

const toInput = (route: PlannedRoute) => ({
  title: titleOrAuto(route.title, route.stops),
  stops: route.stops,
});

/**
 * 'Sign Up to Save' / 'Save Route' / 'Update Route' (spec section 4, Saving).
 * Anonymous visitors and guests keep the route as the pending route and go to
 * sign up; signed-in users create or update the itinerary, then see the dashboard.
 *
 * An update saves only over `loadedVersion` (the updated_at of the version the
 * planner shows): when the route was changed elsewhere since, nothing is
 * overwritten and `conflict` turns true, the route staying on screen; then
 * `saveAnyway` saves it over the other version, or the planner loads the latest
 * version and calls `clearConflict`.
 */
export function useSaveRoute(itineraryId: string | undefined, loadedVersion?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const create = useCreateItinerary();
  const update = useUpdateItinerary();
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);
  const [conflict, setConflict] = useState(false);

  const persist = async (route: PlannedRoute, overwrite: boolean) => {
    setFeedback(null);
    setConflict(false);
    if (route.stops.length === 0) {
      setFeedback({ message: t('planner.needOneStop') });
      return;
    }
    if (identity.status !== 'signed-in') {
      writePendingRoute(route);
      void navigate(paths.register({ returnTo: RETURN_TO_SAVE }));
      return;
    }
    try {
      if (itineraryId) {
        await update.mutateAsync({
          id: itineraryId,
          input: toInput(route),
          onlyIfUpdatedAt: overwrite ? undefined : loadedVersion,
        });
      } else {
        await create.mutateAsync(toInput(route));
        clearRouteDraft();
      }
      clearPendingRoute();
      // My Routes shows 'Route saved successfully!' / 'Route updated successfully!' on arrival.
      void navigate(paths.dashboard(), {
        state: dashboardLocationState(itineraryId ? 'updated' : 'saved'),
      });
    } catch (error) {
      if (itineraryId && isChangedElsewhere(error)) {
        setConflict(true);
        return;
      }
      console.error('Saving the route failed', error);
      setFeedback({
        message: t(itineraryId ? 'planner.updateFailed' : 'planner.saveFailed'),
        detail: saveErrorDetail(error),
      });
    }
  };

  return {
    save: (route: PlannedRoute) => persist(route, false),
    /** After a conflict: save this route over the version saved elsewhere. */
    saveAnyway: (route: PlannedRoute) => persist(route, true),
    saving: create.isPending || update.isPending,
    feedback,
    dismissFeedback: () => setFeedback(null),
    /** The route was changed elsewhere since the version shown; nothing was saved. */
    conflict,
    clearConflict: () => setConflict(false),
  };
}

/**
 * 'Start Route in Waze': anonymous visitors and guests go to sign up with the
 * route pending; signed-in users save a new route and open its navigation page
 * (an existing route opens straight away).
 */
export function useStartRoute(itineraryId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const create = useCreateItinerary();
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);

  const start = async (route: PlannedRoute) => {
    setFeedback(null);
    if (route.stops.length === 0) {
      window.alert(t('planner.needOneStopToNavigate'));
      return;
    }
    if (identity.status !== 'signed-in') {
      writePendingRoute(route);
      void navigate(paths.register({ returnTo: RETURN_TO_WAZE }));
      return;
    }
    if (itineraryId) {
      void navigate(paths.wazeRoute(itineraryId));
      return;
    }
    try {
      const created = await create.mutateAsync(toInput(route));
      clearRouteDraft();
      clearPendingRoute();
      void navigate(paths.wazeRoute(created.id));
    } catch (error) {
      console.error('Saving the route before navigation failed', error);
      setFeedback({ message: t('planner.saveFailed'), detail: saveErrorDetail(error) });
    }
  };

  return { start, starting: create.isPending, feedback, dismissFeedback: () => setFeedback(null) };
}
