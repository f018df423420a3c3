import { useEffect, useReducer, useRef } from 'react';
import { useItinerary } from '@/features/itineraries';
import { readRouteDraft, writeRouteDraft } from '../model/route-storage';
import { initialStopListState, stopListReducer, toStops, type StopListState } from '../model/stop-list';

function initialState(isEdit: boolean): StopListState {
  if (isEdit) return initialStopListState;
  const draft = readRouteDraft();
  return draft ? stopListReducer(initialStopListState, { type: 'load', ...draft }) : initialStopListState;
}

/**
 * The route being planned. New mode (/plan) starts from the local draft and
 * keeps it up to date, so a reload loses nothing; edit mode loads the
 * itinerary once and leaves the new-route draft alone.
 */
export function usePlannerRoute(itineraryId: string | undefined) {
  const isEdit = itineraryId !== undefined;
  const [state, dispatch] = useReducer(stopListReducer, isEdit, initialState);
  const itinerary = useItinerary(itineraryId);
  const loadedId = useRef<string | null>(null);

  useEffect(() => {
    if (!isEdit) writeRouteDraft({ title: state.title, stops: toStops(state.stops) });
  }, [isEdit, state.title, state.stops]);

  const loaded = itinerary.data;
  useEffect(() => {
    if (!isEdit || !loaded || loadedId.current === loaded.id) return;
    loadedId.current = loaded.id;
    dispatch({ type: 'load', title: loaded.title, stops: loaded.stops });
  }, [isEdit, loaded]);

  return {
    state,
    dispatch,
    /** Edit mode only: the itinerary is still loading, or failed to load. */
    loading: isEdit && itinerary.isPending,
    loadFailed: isEdit && itinerary.isError && loadedId.current === null,
    retryLoad: () => void itinerary.refetch(),
    /** True once the route to show is in place (draft read, or itinerary loaded). */
    ready: !isEdit || loaded !== undefined,
  };
}
