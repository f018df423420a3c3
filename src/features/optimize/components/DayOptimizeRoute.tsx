import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { ROAD_TIMES_MAX_PLACES, STRAIGHT_SPEED_KMH } from '@/lib/optimizer/day-problem.ts';
import { OptimizeCancelledError } from '@/lib/optimizer/optimize-client.ts';
import { useTimeFormat } from '@/lib/day-plan';
import { unreachableText } from '@/lib/day-plan/unreachable-text';
import { useFormatDistance } from '@/lib/units';
import { useOptimizeDay, type DayOptimizeOutcome } from '../hooks/useOptimizeDay.ts';
import { isBetterOrder, sameDay } from '../model/day-order.ts';
import { formatPercentSaved, reorder } from '../model/presentation.ts';
import type { OptimizeRouteProps, OptimizeStop } from './OptimizeRoute.tsx';

/** A start and two stops after it: the fewest with an order to choose. */
const MIN_DAY_STOPS = 3;

/** Below this many metres the new order is not shorter (the table's rounding). */
const NO_SAVING_M = 0.5;

type DayOutcome<T> =
  | { kind: 'applied'; stops: T[]; previous: T[]; planKey: string; result: DayOptimizeOutcome }
  | { kind: 'unchanged'; stops: readonly T[]; planKey: string; result: DayOptimizeOutcome }
  | { kind: 'failed'; stops: readonly T[]; planKey: string };

export interface DayOptimizeRouteProps<T extends OptimizeStop> extends Omit<
  OptimizeRouteProps<T>,
  'dayPlan'
> {
  plan: DayPlan;
}

/**
 * 'Optimise route' for a route with a working day: the best order under the departure, time at
 * stops, windows, locks and end rule, searched in a Web Worker with the best finish so far and a
 * Stop button; the stops no order reaches in time are named with the reason and stay in the
 * route where they are least late. The saving and Undo work as for any route.
 */
export function DayOptimizeRoute<T extends OptimizeStop>({
  stops,
  plan,
  onApply,
  onUndo,
}: DayOptimizeRouteProps<T>) {
  const { t, i18n } = useTranslation();
  const formatDistance = useFormatDistance();
  const format = useTimeFormat(plan.timeZone);
  const { optimizeDay, status, progressFinish, stop } = useOptimizeDay();
  const [outcome, setOutcome] = useState<DayOutcome<T> | null>(null);
  const latest = useRef({ stops, plan });
  useEffect(() => {
    latest.current = { stops, plan };
  });
  const hintId = useId();
  const unreachableId = useId();

  const running = status === 'running';
  const enoughStops = stops.length >= MIN_DAY_STOPS;
  const planKey = JSON.stringify(plan);
  const shown =
    outcome && outcome.planKey === planKey && sameDay(outcome.stops, stops) ? outcome : null;

  async function handleOptimize() {
    const snapshot = stops;
    const snapshotPlan = plan;
    const key = JSON.stringify(snapshotPlan);
    setOutcome(null);
    try {
      const result = await optimizeDay(snapshot, snapshotPlan);
      // The route was edited while the optimiser ran: its answer is about another day.
      if (!sameDay(latest.current.stops, snapshot) || JSON.stringify(latest.current.plan) !== key) {
        return;
      }
      const reordered = reorder(snapshot, result.order);
      const changed = result.order.some((stopIndex, position) => stopIndex !== position);
      if (!changed || !isBetterOrder(result.after, result.before)) {
        setOutcome({ kind: 'unchanged', stops: snapshot, planKey: key, result });
        return;
      }
      onApply(reordered);
      setOutcome({
        kind: 'applied',
        stops: reordered,
        previous: [...snapshot],
        planKey: key,
        result,
      });
    } catch (error) {
      if (!(error instanceof OptimizeCancelledError)) {
        console.error('Optimising the day failed', error);
        setOutcome({ kind: 'failed', stops: snapshot, planKey: key });
      }
    }
  }

  function handleUndo() {
    if (shown?.kind !== 'applied') return;
    onUndo(shown.previous);
    setOutcome(null);
  }

  let message = '';
  if (running) {
    message =
      progressFinish === null
        ? t('optimize.running')
        : t('dayPlan.optimizeProgress', { time: format.time(progressFinish) });
  } else if (shown?.kind === 'applied') {
    const { before, after } = shown.result;
    const finish = t('dayPlan.optimizeFinish', { time: format.time(after.finish) });
    message =
      after.distance < before.distance - NO_SAVING_M
        ? `${t('optimize.saved', {
            distance: formatDistance(before.distance - after.distance),
            percent: formatPercentSaved(before.distance, after.distance, i18n.language),
          })} ${finish}`
        : finish;
  } else if (shown?.kind === 'unchanged') {
    message = `${t('optimize.alreadyShortest')} ${t('dayPlan.optimizeFinish', {
      time: format.time(shown.result.before.finish),
    })}`;
  }

  const result = shown && shown.kind !== 'failed' && !running ? shown.result : null;
  const names = shown?.kind === 'applied' ? shown.previous : shown?.stops;

  return (
    <div className="optimize-route" role="group" aria-label={t('optimize.groupLabel')}>
      <p className="optimize-route__hint">{t('dayPlan.optimizeWithDay')}</p>
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
            aria-label={t('dayPlan.optimizeStopLabel')}
            onClick={stop}
          >
            {t('dayPlan.optimizeStop')}
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
          {t('optimize.needMoreStops', { count: MIN_DAY_STOPS })}
        </p>
      )}
      <p className="optimize-route__status" role="status">
        {message}
      </p>
      {result && (
        <p className="optimize-route__cost">
          {result.cost === 'road'
            ? t('dayPlan.costRoadTimes')
            : t('dayPlan.costStraightTimes', {
                speed: STRAIGHT_SPEED_KMH,
                max: ROAD_TIMES_MAX_PLACES,
              })}
        </p>
      )}
      {result && result.unreachable.length > 0 && names && (
        <div className="optimize-route__unreachable" aria-labelledby={unreachableId}>
          <p id={unreachableId} className="optimize-route__unreachable-title">
            {t('dayPlan.cannotReach')}
          </p>
          <ul data-testid="unreachable-stops">
            {result.unreachable.map((entry) => (
              <li key={entry.stop}>
                {unreachableText(t, format.time, names[entry.stop].name, entry)}
              </li>
            ))}
          </ul>
          <p className="optimize-route__unreachable-note">{t('dayPlan.keptLate')}</p>
        </div>
      )}
      {shown?.kind === 'failed' && !running && (
        <p className="optimize-route__error" role="alert">
          {t('optimize.failed')}
        </p>
      )}
    </div>
  );
}
