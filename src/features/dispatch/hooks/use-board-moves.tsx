import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import type { RouteProgress } from '@/lib/driver-reports';
import { MoveStopMenu, type BoardDriver } from '../components/MoveStopMenu';
import type { BoardRow } from '../model/board-rows';
import { useMoveStop } from './use-move-stop';
import { useStopDrag } from './use-stop-drag';

/** A stop the dispatcher may move: still to do, not where the day starts. */
export const movable = (row: BoardRow) => row.status === 'todo' && row.number > 1;

/**
 * Moving stops between the drivers of a day on the board: a menu on each stop still to do, and
 * dragging it onto another driver. Nothing for a board of one route (`dayGroup` null).
 */
export function useBoardMoves(
  dayGroup: string | null,
  routes: readonly RouteProgress[],
  rows: readonly BoardRow[],
) {
  const { move, pending, message } = useMoveStop(dayGroup ?? '');
  // After a move from a menu its row leaves for the other driver: the focus goes to what the
  // move says (the live message), once it says it, and never drops to the page's body.
  const [messageElement, setMessageElement] = useState<HTMLElement | null>(null);
  const focusMessage = useRef(false);
  useEffect(() => {
    if (focusMessage.current && message) {
      focusMessage.current = false;
      messageElement?.focus();
    }
  }, [message, messageElement]);
  const drivers: BoardDriver[] = routes.map((route) => ({
    routeId: route.itineraryId,
    title: route.title,
  }));
  const moveTo = (row: BoardRow, toRouteId: string) => {
    const to = drivers.find((driver) => driver.routeId === toRouteId);
    if (to && !pending)
      move({
        from: row.routeId,
        stopId: row.stopId,
        to: to.routeId,
        name: row.name,
        driver: to.title,
      });
  };
  const drag = useStopDrag((stop, toRouteId) => {
    const row = rows.find((item) => item.stopId === stop.stopId && item.routeId === stop.routeId);
    if (row && movable(row)) moveTo(row, toRouteId);
  });
  const active = dayGroup !== null && drivers.length > 1;
  return {
    message,
    /** The live message's element: it takes the focus after a move from a menu. */
    setMessageElement,
    /** The stop's menu, for a stop that may move. */
    actions: (row: BoardRow) =>
      active && movable(row) ? (
        <MoveStopMenu
          name={row.name}
          routeId={row.routeId}
          drivers={drivers}
          disabled={pending}
          onMove={(to) => {
            focusMessage.current = true;
            moveTo(row, to.routeId);
          }}
        />
      ) : null,
    /** What makes a stop's row draggable. */
    rowProps: (row: BoardRow): HTMLAttributes<HTMLElement> =>
      active && movable(row) && !pending
        ? drag.stop({ routeId: row.routeId, stopId: row.stopId })
        : {},
    /** What makes a driver (their card, their list) a place to drop a stop on. */
    targetProps: (routeId: string): HTMLAttributes<HTMLElement> =>
      active
        ? {
            ...drag.target(routeId),
            ...(drag.over === routeId ? { 'data-drop-over': true } : {}),
          }
        : {},
  };
}
