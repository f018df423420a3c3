import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMode } from '@domain/tsp/index.ts';
import {
  MIN_STOPS,
  formatPercentSaved,
  reorder,
  sameStops,
  type PlaceLike,
} from '../model/presentation.ts';
import { useFormatDistance } from '@/lib/units';
import { useOptimizeRoute, type OptimizeCostKind } from '../hooks/useOptimizeRoute.ts';
import { OptimizeCancelledError } from '@/lib/optimizer/optimize-client.ts';
import { usePreloadedOptimizer } from '@/lib/optimizer/usePreloadedOptimizer.ts';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';
import { DayOptimizeRoute } from './DayOptimizeRoute.tsx';
import './OptimizeRoute.css';

export type OptimizeStop = PlaceLike & StopDayFields;

export interface OptimizeRouteProps<T extends OptimizeStop> {
  stops: readonly T[];
  /** Called with the same stops in the shorter order. */
  onApply: (reordered: T[]) => void;
  /** Called with the order from before the last optimisation. */
  onUndo: (previous: T[]) => void;
  /**
   * The route's working day: with a departure, the optimiser honours it (time at stops,
   * windows, locks, end rule); without one it works exactly as before.
   */
  dayPlan?: DayPlan | null;
}

const MODE_OPTIONS = [
  { mode: 'fixed-start', label: 'optimize.modes.fixedStart' },
  { mode: 'fixed-start-end', label: 'optimize.modes.fixedStartEnd' },
  { mode: 'round-trip', label: 'optimize.modes.roundTrip' },
] as const satisfies readonly { mode: RouteMode; label: string }[];

/** What the last run produced; shown only while `stops` is still the list it was about. */
type Outcome<T> =
  | {
      kind: 'applied';
      stops: T[];
      previous: T[];
      before: number;
      after: number;
      cost: OptimizeCostKind;
    }
  | { kind: 'unchanged'; stops: readonly T[]; cost: OptimizeCostKind }
  | { kind: 'failed'; stops: readonly T[] };

const COST_LABELS = {
  road: 'optimize.costRoad',
  straight: 'optimize.costStraight',
} as const satisfies Record<OptimizeCostKind, string>;

/**
 * Mode select, 'Optimise route' button, the saving (and which distances it compared), and Undo.
 * The optimiser runs in a Web Worker, on road distances from the route service when it gives
 * them and straight-line (great-circle) distances otherwise, so the page stays responsive.
 */
export function OptimizeRoute<T extends OptimizeStop>({
  dayPlan,
  ...props
}: OptimizeRouteProps<T>) {
  // The optimiser's worker loads ahead of the click once the route has stops to order.
  usePreloadedOptimizer(props.stops.length >= MIN_STOPS['fixed-start']);
  if (dayPlan && parseDeparture(dayPlan.departure)) {
    return <DayOptimizeRoute {...props} plan={dayPlan} />;
  }
  return <RouteOptimize {...props} />;
}

/** The optimiser of a route without a day: the shortest order in the chosen mode. */
function RouteOptimize<T extends OptimizeStop>({
  stops,
  onApply,
  onUndo,
}: Omit<OptimizeRouteProps<T>, 'dayPlan'>) {
  const { t, i18n } = useTranslation();
  const formatDistance = useFormatDistance();
  const { optimize, status, cancel } = useOptimizeRoute();
  const [mode, setMode] = useState<RouteMode>('fixed-start');
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const latestStops = useRef(stops);
  useEffect(() => {
    latestStops.current = stops;
  });
  const modeId = useId();
  const hintId = useId();

  const running = status === 'running';
  const minimum = MIN_STOPS[mode];
  const enoughStops = stops.length >= minimum;
  const shown = outcome && sameStops(outcome.stops, stops) ? outcome : null;

  async function handleOptimize() {
    const snapshot = stops;
    setOutcome(null);
    try {
      const { order, before, after, cost } = await optimize(snapshot, mode);
      // The list was edited while the optimiser ran: its answer is about another route.
      if (!sameStops(latestStops.current, snapshot)) return;
      if (!(after < before)) {
        setOutcome({ kind: 'unchanged', stops: snapshot, cost });
        return;
      }
      const reordered = reorder(snapshot, order);
      onApply(reordered);
      setOutcome({
        kind: 'applied',
        stops: reordered,
        previous: [...snapshot],
        before,
        after,
        cost,
      });
    } catch (error) {
      if (!(error instanceof OptimizeCancelledError))
        setOutcome({ kind: 'failed', stops: snapshot });
    }
  }

  function handleUndo() {
    if (shown?.kind !== 'applied') return;
    onUndo(shown.previous);
    setOutcome(null);
  }

  let message = '';
  if (running) message = t('optimize.running');
  else if (shown?.kind === 'applied') {
    message = t('optimize.saved', {
      distance: formatDistance(shown.before - shown.after),
      percent: formatPercentSaved(shown.before, shown.after, i18n.language),
    });
  } else if (shown?.kind === 'unchanged') message = t('optimize.alreadyShortest');

  return (
    <div className="optimize-route" role="group" aria-label={t('optimize.groupLabel')}>
      <div className="optimize-route__row">
        <label className="optimize-route__label" htmlFor={modeId}>
          {t('optimize.modeLabel')}
        </label>
        <select
          id={modeId}
          className="optimize-route__mode"
          value={mode}
          disabled={running}
          onChange={(event) => setMode(event.target.value as RouteMode)}
        >
          {MODE_OPTIONS.map((option) => (
            <option key={option.mode} value={option.mode}>
              {t(option.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="optimize-route__row">
        <button
          type="button"
          className="button button--primary"
          disabled={!enoughStops || running}
          aria-describedby={enoughStops ? undefined : hintId}
          onClick={() => void handleOptimize()}
        >
          {t('optimize.button')}
        </button>
        {running && (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('optimize.cancelLabel')}
            onClick={cancel}
          >
            {t('optimize.cancel')}
          </button>
        )}
        {shown?.kind === 'applied' && !running && (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('optimize.undoLabel')}
            onClick={handleUndo}
          >
            {t('optimize.undo')}
          </button>
        )}
      </div>
      {!enoughStops && (
        <p id={hintId} className="optimize-route__hint">
          {t('optimize.needMoreStops', { count: minimum })}
        </p>
      )}
      <p className="optimize-route__status" role="status">
        {message}
      </p>
      {shown && shown.kind !== 'failed' && !running && (
        <p className="optimize-route__cost">{t(COST_LABELS[shown.cost])}</p>
      )}
      {shown?.kind === 'failed' && !running && (
        <p className="optimize-route__error" role="alert">
          {t('optimize.failed')}
        </p>
      )}
    </div>
  );
}
