import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { itineraryQueryOptions, useItinerary, type Itinerary } from '@/lib/itineraries';
import { readRouteDraft, writeRouteDraft } from '@/lib/route-storage';
import {
  initialStopListState,
  stopListReducer,
  toStops,
  type StopListState,
} from '../model/stop-list';

function initialState(isEdit: boolean): StopListState {
  if (isEdit) return initialStopListState;
  const draft = readRouteDraft();
  return draft
    ? stopListReducer(initialStopListState, { type: 'load', ...draft })
    : initialStopListState;
}

/**
 * The route being planned. New mode (/plan) starts from the local draft and
 * keeps it up to date, so a reload loses nothing; edit mode loads the
 * itinerary once and leaves the new-route draft alone; it remembers which
 * version it shows (`loadedVersion`, the itinerary's updated_at) so a save
 * never overwrites a version it did not show.
 */
export function usePlannerRoute(itineraryId: string | undefined) {
  const isEdit = itineraryId !== undefined;
  const [state, dispatch] = useReducer(stopListReducer, isEdit, initialState);
  // Edit mode waits for the server's current version rather than a cached copy: editing an
  // older version would only meet the "changed elsewhere" conflict at save time.
  const itinerary = useItinerary(itineraryId, { current: true });
  const loadedId = useRef<string | null>(null);
  const [loadedVersion, setLoadedVersion] = useState<string | undefined>(undefined);
  const queryClient = useQueryClient();

  const show = useCallback((shown: Itinerary) => {
    loadedId.current = shown.id;
    setLoadedVersion(shown.updated_at);
    dispatch({ type: 'load', title: shown.title, stops: shown.stops });
  }, []);

  useEffect(() => {
    if (!isEdit) writeRouteDraft({ title: state.title, stops: toStops(state.stops) });
  }, [isEdit, state.title, state.stops]);

  const loaded = itinerary.data;
  const fetching = itinerary.isFetching;
  useEffect(() => {
    if (!isEdit || !loaded || fetching || loadedId.current === loaded.id) return;
    show(loaded);
  }, [isEdit, loaded, fetching, show]);
  /** The version to show is known: fetched now, or the cached copy when the fetch failed. */
  const settled = loaded !== undefined && !fetching;

  /** Edit mode: replaces the route on screen with the server's current version (fetched now). */
  const loadLatest = useCallback(async (): Promise<Itinerary> => {
    if (!itineraryId) throw new Error('Only a saved route has a latest version');
    const latest = await queryClient.fetchQuery({
      ...itineraryQueryOptions(itineraryId),
      staleTime: 0,
    });
    show(latest);
    return latest;
  }, [itineraryId, queryClient, show]);

  return {
    state,
    dispatch,
    /** Edit mode only: the itinerary is still loading, or failed to load. */
    loading: isEdit && (itinerary.isPending || (fetching && loadedId.current === null)),
    loadFailed: isEdit && itinerary.isError && loaded === undefined,
    retryLoad: () => void itinerary.refetch(),
    /** Edit mode: the updated_at of the version on screen (as loaded, or last loaded again). */
    loadedVersion,
    loadLatest,
    /** True once the route to show is in place (draft read, or itinerary loaded). */
    ready: !isEdit || settled || loadedId.current !== null,
  };
}
