import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { textLanguage } from '@domain/composed-texts.ts';
import { paths, RETURN_TO_SAVE, RETURN_TO_WAZE } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import {
  dashboardLocationState,
  forgetIdempotencyKey,
  idempotencyKeyFor,
  useCreateItinerary,
  useUpdateItinerary,
  type ItineraryInput,
} from '@/lib/itineraries';
import {
  clearEditDraft,
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
  /** The working day: saved with the route (null removes a saved one); absent: left as saved. */
  dayPlan?: DayPlan | null;
}

/** A message for the sidebar: validation or a failed save (the route itself is kept). */
export interface ActionFeedback {
  message: string;
  detail?: string;
}

/** The route as the /api takes it: a blank title becomes the auto title in the user's language. */
function useToInput() {
  const { i18n } = useTranslation();
  const language = textLanguage(i18n.resolvedLanguage);
  return (route: PlannedRoute): ItineraryInput => ({
    title: titleOrAuto(route.title, route.stops, language),
    stops: route.stops,
    ...(route.dayPlan !== undefined ? { day_plan: route.dayPlan } : {}),
  });
}

/**
 * Creates the route once: each save attempt carries an Idempotency-Key, the same again when the
 * same route is sent after an unanswered attempt (a timeout, a lost connection), so trying
 * again never saves it twice.
 */
function useCreateOnce() {
  const create = useCreateItinerary();
  const createOnce = async (input: ItineraryInput) => {
    const created = await create.mutateAsync({
      ...input,
      idempotencyKey: idempotencyKeyFor(input),
    });
    forgetIdempotencyKey(input);
    return created;
  };
  return { createOnce, creating: create.isPending };
}

/**
 * 'Sign Up to Save' / 'Save Route' / 'Update Route'.
 * Anonymous visitors and guests keep the route as the pending route and go to
 * sign up; signed-in users create or update the itinerary, then see the dashboard
 * (or, `then: 'navigate'`, its navigation page).
 *
 * An update saves only over `loadedVersion` (the updated_at of the version the
 * planner shows): when the route was changed elsewhere since, nothing is
 * overwritten and `conflict` turns true, the route staying on screen; then
 * `saveAnyway` saves it over the other version, or the planner loads the latest
 * version and calls `clearConflict`. A saved edit forgets its edit draft.
 */
export function useSaveRoute(itineraryId: string | undefined, loadedVersion?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const toInput = useToInput();
  const { createOnce, creating } = useCreateOnce();
  const update = useUpdateItinerary();
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);
  const [conflict, setConflict] = useState(false);

  const persist = async (
    route: PlannedRoute,
    overwrite: boolean,
    then: 'dashboard' | 'navigate',
  ) => {
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
      let savedId: string;
      if (itineraryId) {
        await update.mutateAsync({
          id: itineraryId,
          input: toInput(route),
          onlyIfUpdatedAt: overwrite ? undefined : loadedVersion,
        });
        clearEditDraft(itineraryId);
        savedId = itineraryId;
      } else {
        savedId = (await createOnce(toInput(route))).id;
        clearRouteDraft();
      }
      clearPendingRoute();
      if (then === 'navigate') {
        void navigate(paths.wazeRoute(savedId));
        return;
      }
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
        detail: saveErrorDetail(error, t, itineraryId ? 'update' : 'create'),
      });
    }
  };

  return {
    save: (route: PlannedRoute) => persist(route, false, 'dashboard'),
    /** Saves, then opens the route's navigation page (Start Route with unsaved edits). */
    saveAndStart: (route: PlannedRoute) => persist(route, false, 'navigate'),
    /** After a conflict: save this route over the version saved elsewhere. */
    saveAnyway: (route: PlannedRoute) => persist(route, true, 'dashboard'),
    saving: creating || update.isPending,
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
 * (an existing route opens straight away: the planner first offers to save unsaved edits).
 */
export function useStartRoute(itineraryId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const toInput = useToInput();
  const { createOnce, creating } = useCreateOnce();
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
      const created = await createOnce(toInput(route));
      clearRouteDraft();
      clearPendingRoute();
      void navigate(paths.wazeRoute(created.id));
    } catch (error) {
      console.error('Saving the route before navigation failed', error);
      setFeedback({ message: t('planner.saveFailed'), detail: saveErrorDetail(error, t) });
    }
  };

  return { start, starting: creating, feedback, dismissFeedback: () => setFeedback(null) };
}
