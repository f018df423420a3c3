import { useState, type DragEvent } from 'react';

/** The drag's data type: a stop of the board, as `{routeId, stopId}`. */
const STOP_TYPE = 'application/x-route-planner-stop';

type DraggedStop = { routeId: string; stopId: string };

/**
 * Dragging a stop still to do onto another driver (their card or their list of stops) with the
 * browser's own drag and drop; `onDrop` gets the stop and the route it was dropped on. The
 * keyboard and phones move stops with the stop's menu instead.
 */
export function useStopDrag(onDrop: (stop: DraggedStop, toRouteId: string) => void) {
  const [over, setOver] = useState<string | null>(null);
  const [dragged, setDragged] = useState<DraggedStop | null>(null);
  const accepts = (event: DragEvent, routeId: string) =>
    event.dataTransfer.types.includes(STOP_TYPE) && dragged?.routeId !== routeId;
  return {
    /** The route a stop is dragged over now (its drop zone shows it). */
    over,
    stop: (stop: DraggedStop) => ({
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.setData(STOP_TYPE, JSON.stringify(stop));
        event.dataTransfer.effectAllowed = 'move';
        setDragged(stop);
      },
      onDragEnd: () => {
        setDragged(null);
        setOver(null);
      },
    }),
    target: (routeId: string) => ({
      onDragOver: (event: DragEvent) => {
        if (!accepts(event, routeId)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(routeId);
      },
      onDragLeave: () => setOver((current) => (current === routeId ? null : current)),
      onDrop: (event: DragEvent) => {
        setOver(null);
        setDragged(null);
        const data = event.dataTransfer.getData(STOP_TYPE);
        if (!data) return;
        event.preventDefault();
        const stop = JSON.parse(data) as DraggedStop;
        if (stop.routeId !== routeId) onDrop(stop, routeId);
      },
    }),
  };
}
