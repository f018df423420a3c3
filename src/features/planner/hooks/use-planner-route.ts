import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useState,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withStopIds, type Stop } from '@domain/stops.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { useHydrating } from '@/lib/hydration';
import { itineraryQueryOptions, useItinerary, type Itinerary } from '@/lib/itineraries';
import {
  clearEditDraft,
  readEditDraft,
  readRouteDraft,
  writeEditDraft,
  writeRouteDraft,
  type EditDraft,
  type StoredRoute,
} from '@/lib/route-storage';
import {
  initialStopListState,
  stopListReducer,
  toStops,
  type StopListAction,
  type StopListState,
} from '../model/stop-list';
import { useRemovalUndo } from './use-removal-undo';

/** The planner's state once the new-route draft on the device is read. */
const loadDraft = (draft: StoredRoute): StopListAction => ({
  type: 'load',
  ...draft,
  stops: withStopIds(draft.stops),
});

/** The new-route draft on the device, or nothing to start from (edit mode, or unread yet). */
function initialState(draftRead: boolean): StopListState {
  const draft = draftRead ? readRouteDraft() : null;
  return draft ? stopListReducer(initialStopListState, loadDraft(draft)) : initialStopListState;
}

/** The saved route the edits are made on: the server's content and its version (If-Match). */
interface EditBase {
  id: string;
  /** updated_at of the version the edits were made on (unknown from an older server) */
  version: string | undefined;
  title: string;
  stops: Stop[];
  dayPlan: DayPlan | null;
}

interface RouteOnScreen {
  title: string;
  stops: Stop[];
  dayPlan: DayPlan | null;
}

const sameRoute = (a: RouteOnScreen, b: RouteOnScreen) =>
  a.title === b.title &&
  JSON.stringify(a.stops) === JSON.stringify(b.stops) &&
  JSON.stringify(a.dayPlan) === JSON.stringify(b.dayPlan);

/**
 * The route being planned. New mode (/plan) starts from the local draft and keeps it up to
 * date, so a reload loses nothing. Edit mode loads the itinerary's current version, and keeps
 * its own draft per itinerary ('routeEditDraft:{id}') while the route on screen differs from
 * the saved one: a reload restores the unsaved edits (`restored` says so) on the version they
 * were made on (`loadedVersion`), so a save never overwrites a version it did not show.
 */
export function usePlannerRoute(itineraryId: string | undefined) {
  const isEdit = itineraryId !== undefined;
  // The planner rendered at build time has no draft, and neither has its hydration: the draft is
  // read right after (in a transition: React first hydrates the parts still waiting, in slices),
  // and nothing can be typed or changed until then.
  const hydrating = useHydrating();
  const [draftRead, setDraftRead] = useState(isEdit || !hydrating);
  const [state, dispatch] = useReducer(stopListReducer, !isEdit && draftRead, initialState);
  /** New mode: the draft had stops when the planner opened. */
  const [startedWithStops, setStartedWithStops] = useState(() => state.stops.length > 0);
  useEffect(() => {
    if (draftRead) return;
    startTransition(() => {
      const draft = readRouteDraft();
      if (draft) dispatch(loadDraft(draft));
      setStartedWithStops((draft?.stops.length ?? 0) > 0);
      setDraftRead(true);
    });
  }, [draftRead]);
  // Edit mode waits for the server's current version rather than a cached copy: editing an
  // older version would only meet the "changed elsewhere" conflict at save time.
  const itinerary = useItinerary(itineraryId, { current: true });
  const [base, setBase] = useState<EditBase | null>(null);
  const [restored, setRestored] = useState(false);
  const queryClient = useQueryClient();
  // Clear all and a stop's × are undoable: during the window the device's copy is kept as it
  // was (so a reload then still finds the stops), and written again once the window has passed.
  const removing = useRemovalUndo(state, dispatch);
  const holdDraft = removing.holding;

  const show = useCallback((shown: Itinerary, draft: EditDraft | null) => {
    // The server gives every stop an id; a stop without one (an older server) gets one here.
    const saved = withStopIds(shown.stops);
    setBase({
      id: shown.id,
      version: draft ? draft.baseVersion || undefined : shown.updated_at,
      title: shown.title,
      stops: saved,
      dayPlan: shown.day_plan ?? null,
    });
    setRestored(draft !== null);
    dispatch({
      type: 'load',
      title: draft?.title ?? shown.title,
      stops: draft ? withStopIds(draft.stops) : saved,
      // A draft kept before the working day existed has no plan of its own: the saved one's.
      dayPlan: draft && draft.dayPlan !== undefined ? draft.dayPlan : (shown.day_plan ?? null),
    });
  }, []);

  const loaded = itinerary.data;
  // On arrival (once the server's current version is in), the route goes on screen with the
  // unsaved edits this device kept for it, if any: adjusted during render, not in an effect.
  if (isEdit && loaded && !itinerary.isFetching && base?.id !== loaded.id)
    show(loaded, readEditDraft(loaded.id));

  const route: RouteOnScreen = {
    title: state.title,
    stops: toStops(state.stops),
    dayPlan: state.dayPlan,
  };
  /** Edit mode: the route on screen differs from the saved version it was loaded from. */
  const dirty = isEdit && base !== null && !sameRoute(route, base);
  const routeKey = JSON.stringify(route);

  // The device's copy: the new-route draft, or this itinerary's edit draft while it is dirty.
  // Written as the change is committed, not after the next paint (useEffect): a reload or a
  // closed tab right after a keystroke keeps it.
  useLayoutEffect(() => {
    if (holdDraft || !draftRead) return;
    const current = JSON.parse(routeKey) as RouteOnScreen;
    if (!isEdit) {
      writeRouteDraft(current);
      return;
    }
    if (!base) return;
    if (dirty) writeEditDraft(base.id, { ...current, baseVersion: base.version ?? '' });
    else clearEditDraft(base.id);
  }, [holdDraft, draftRead, isEdit, base, dirty, routeKey]);

  /** Edit mode: replaces the route on screen with the server's current version (fetched now). */
  const loadLatest = useCallback(async (): Promise<Itinerary> => {
    if (!itineraryId) throw new Error('Only a saved route has a latest version');
    const latest = await queryClient.fetchQuery({
      ...itineraryQueryOptions(itineraryId),
      staleTime: 0,
    });
    clearEditDraft(itineraryId);
    show(latest, null);
    return latest;
  }, [itineraryId, queryClient, show]);

  return {
    state,
    dispatch,
    /** Edit mode only: the itinerary is still loading (the form stays read-only meanwhile). */
    loading: isEdit && base === null && !(itinerary.isError && loaded === undefined),
    loadFailed: isEdit && itinerary.isError && loaded === undefined,
    retryLoad: () => void itinerary.refetch(),
    /** Edit mode: the updated_at of the version the edits on screen were made on. */
    loadedVersion: base?.version,
    loadLatest,
    /** New mode: the draft had stops when the planner opened. */
    startedWithStops,
    /** True once the route to show is in place (draft read, or itinerary loaded). */
    ready: isEdit ? base !== null : draftRead,
    /** Edit mode: the route on screen has edits the server does not have. */
    dirty,
    /** Edit mode: unsaved edits kept on this device were put back on arrival. */
    restored,
    dismissRestored: () => setRestored(false),
    /** Clears every stop, with Undo offered for REMOVAL_UNDO_MS. */
    clearAll: removing.clearAll,
    /** Removes one stop (by its place), with Undo offered likewise. */
    removeStop: removing.remove,
    undoRemoval: removing.undo,
    /** While Undo is offered: what the last removal took away; null otherwise. */
    removal: removing.removal,
  };
}
