import { useEffect, useMemo, useRef } from 'react';
import type { DriverRoute } from '@/components/driver-link/use-driver-links';
import type { CardActions } from '../components/SummaryCard';
import type { useRouteActions } from './use-route-actions';

/**
 * The cards' actions as functions that never change (each calls the latest of My Routes'
 * actions), so that a card is drawn again only when its route or its state changes.
 */
export function useCardActions(
  actions: ReturnType<typeof useRouteActions>,
  sendToDriver: (routes: readonly DriverRoute[]) => void,
): CardActions {
  const latest = useRef({ actions, sendToDriver });
  useEffect(() => {
    latest.current = { actions, sendToDriver };
  });
  return useMemo(
    () => ({
      onDuplicate: (route) => void latest.current.actions.duplicate(route),
      onDelete: (route) => latest.current.actions.askDelete(route),
      onShare: (route) => void latest.current.actions.share(route),
      onRevoke: (route) => latest.current.actions.askRevoke(route),
      onSendToDriver: ({ id, title }) => latest.current.sendToDriver([{ id, title }]),
    }),
    [],
  );
}
