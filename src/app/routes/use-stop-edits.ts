import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { truncateStopName, withStopId, withStopIds, type Stop } from '@domain/stops.ts';
import { FOCUS_ZOOM } from '@/components/map/map-constants';
import type { Suggestion } from '@/features/geocoding';
import type { useCameraRequests, usePlannerRoute } from '@/features/planner';
import { useNameImportedPoints, useStopAtPoint } from '@/features/planner';

export interface StopEditsOptions {
  planner: ReturnType<typeof usePlannerRoute>;
  camera: Pick<ReturnType<typeof useCameraRequests>, 'centerOn' | 'fitTo'>;
  /** Says the change to screen readers. */
  announce: (text: string) => void;
  /** After stops were added (the Calculate hint about too few stops goes). */
  onAdded: () => void;
  /** The stop the user chose in the list. */
  onShow: (id: string) => void;
}

/**
 * The edits of the planner's stop list, each said to screen readers: add (a search result, typed
 * coordinates, a map click, an import), remove, move, rename, note, show on the map, Clear all and
 * its Undo, and the optimiser's new order. Nothing can be removed while the route is loading.
 */
export function useStopEdits({ planner, camera, announce, onAdded, onShow }: StopEditsOptions) {
  const { t } = useTranslation();
  const { state, dispatch, ready } = planner;
  const { stops } = state;
  const { centerOn, fitTo } = camera;

  const addStop = useCallback(
    (stop: Stop, fit: boolean) => {
      dispatch({ type: 'add', stop: withStopId(stop) });
      onAdded();
      announce(t('planner.announceAdded', { name: stop.name, number: stops.length + 1 }));
      if (fit) fitTo([...stops, stop]);
    },
    [announce, dispatch, fitTo, onAdded, stops, t],
  );
  const addClickedStop = useStopAtPoint(
    useCallback((stop: Stop) => addStop(stop, false), [addStop]),
  );
  const addTypedPoint = useStopAtPoint(useCallback((stop: Stop) => addStop(stop, true), [addStop]));

  const nameImportedPoints = useNameImportedPoints(
    useCallback(
      (point: { lat: number; lng: number }, name: string) =>
        dispatch({ type: 'namePoint', ...point, name }),
      [dispatch],
    ),
  );

  return {
    addPlace: (place: Suggestion) =>
      addStop({ name: truncateStopName(place.display_name), lat: place.lat, lng: place.lng }, true),
    addTypedPoint,
    /** A click on the map, once the route is on screen. */
    addClickedStop: (point: { lat: number; lng: number }) => {
      if (ready) addClickedStop(point);
    },
    addImported: (imported: Stop[]) => {
      dispatch({ type: 'appendMany', stops: withStopIds(imported) });
      nameImportedPoints(imported);
      onAdded();
      announce(t('importStops.added', { count: imported.length }));
      fitTo([...stops, ...imported]);
    },
    remove: (index: number) => {
      const removed = stops[index];
      if (!removed || !ready) return;
      planner.removeStop(index);
      announce(t('planner.announceRemoved', { name: removed.name }));
    },
    move: (from: number, to: number) => {
      const moved = stops[from];
      if (!moved) return;
      dispatch({ type: 'move', from, to });
      announce(
        t('planner.announceMoved', { name: moved.name, position: to + 1, total: stops.length }),
      );
    },
    setNote: useCallback(
      (id: string, note: string) => dispatch({ type: 'setNote', id, note }),
      [dispatch],
    ),
    rename: useCallback(
      (id: string, name: string) => dispatch({ type: 'renameStop', id, name }),
      [dispatch],
    ),
    show: (index: number) => {
      dispatch({ type: 'focus', index });
      onShow(stops[index].id);
      centerOn(stops[index], FOCUS_ZOOM);
    },
    clearAll: () => {
      planner.clearAll();
      announce(t('planner.announceCleared'));
    },
    undoRemoval: () => {
      planner.undoRemoval();
      announce(t('planner.announceRestored'));
    },
    applyOptimized: (reordered: readonly { id: string }[]) => {
      dispatch({ type: 'reorder', ids: reordered.map((stop) => stop.id) });
      announce(t('planner.announceOptimized'));
    },
    undoOptimized: (previous: readonly { id: string }[]) =>
      dispatch({ type: 'reorder', ids: previous.map((stop) => stop.id) }),
  };
}
