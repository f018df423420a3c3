import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { useTimeFormat } from '@/lib/day-plan';
import { unreachableText } from '@/lib/day-plan/unreachable-text';
import { useFormatDistance } from '@/lib/units';
import { useOptimizeDay, type DayOptimizeOutcome } from '../hooks/use-optimize-day.ts';
import { useOptimizeOutcome } from '../hooks/use-optimize-outcome.ts';
import { dayChange } from '../model/day-change.ts';
import { isBetterOrder, sameDay } from '../model/day-order.ts';
import { dayChangeText } from './day-change-text.ts';
import { costText, roadTimesProgressText } from '@/lib/optimizer/road-times-text.ts';
import type { OptimizeIntent, OptimizeRouteProps, OptimizeStop } from './optimize-props.ts';
import { OptimizePanel } from './OptimizePanel.tsx';

/** A start and two stops after it: the fewest with an order to choose. */
const MIN_DAY_STOPS = 3;

export interface DayOptimizeRouteProps<T extends OptimizeStop>
  extends Omit<OptimizeRouteProps<T>, 'dayPlan'>, OptimizeIntent {
  plan: DayPlan;
}

/**
 * 'Optimise route' for a route with a working day: the best order under the departure, time at
 * stops, windows, locks and end rule, searched in a Web Worker with the best finish so far and a
 * Stop button; then what got better and what it cost (fewer late stops for more driving, say),
 * and the stops no order reaches in time, named with the reason and kept where least late.
 */
export function DayOptimizeRoute<T extends OptimizeStop>({
  stops,
  plan,
  onApply,
  onUndo,
  onIntent,
}: DayOptimizeRouteProps<T>) {
  const { t, i18n } = useTranslation();
  const formatDistance = useFormatDistance();
  const format = useTimeFormat(plan.timeZone);
  const { optimizeDay, status, progress, stop } = useOptimizeDay();
  const { shown, ...outcome } = useOptimizeOutcome<T, DayOptimizeOutcome>({
    stops,
    key: JSON.stringify(plan),
    same: sameDay,
    onApply,
    onUndo,
  });
  const unreachableId = useId();
  const running = status === 'running';

  let message = '';
  if (running) {
    message =
      progress === null
        ? t('optimize.running')
        : progress.kind === 'road-times'
          ? roadTimesProgressText(progress, t)
          : t('dayPlan.optimizeProgress', { time: format.time(progress.finish) });
  } else if (shown && shown.kind !== 'failed') {
    const { before, after } = shown.result;
    const finish = t('dayPlan.optimizeFinish', {
      time: format.time(shown.kind === 'applied' ? after.finish : before.finish),
    });
    const change =
      shown.kind === 'applied'
        ? dayChangeText(dayChange(before, after), t, format, formatDistance, i18n.language)
        : t('optimize.alreadyShortest');
    message = change ? `${change} ${finish}` : finish;
  }

  const result = shown && shown.kind !== 'failed' ? shown.result : null;
  const names = shown?.kind === 'applied' ? shown.previous : shown?.stops;

  return (
    <OptimizePanel
      onIntent={onIntent}
      intro={<p className="optimize-route__hint">{t('dayPlan.optimizeWithDay')}</p>}
      running={running}
      minimum={MIN_DAY_STOPS}
      enoughStops={stops.length >= MIN_DAY_STOPS}
      onOptimize={() =>
        void outcome.optimize(async (snapshot) => {
          const found = await optimizeDay(snapshot, plan);
          const moved = found.order.some((index, position) => index !== position);
          return {
            order: found.order,
            better: moved && isBetterOrder(found.after, found.before),
            result: found,
          };
        })
      }
      halt={{
        label: t('dayPlan.optimizeStop'),
        accessibleLabel: t('dayPlan.optimizeStopLabel'),
        onClick: stop,
      }}
      onUndo={shown?.kind === 'applied' ? outcome.undo : null}
      message={message}
      costNote={result ? costText(result, t) : null}
      failed={shown?.kind === 'failed'}
    >
      {result && result.unreachable.length > 0 && names ? (
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
      ) : null}
    </OptimizePanel>
  );
}
