import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMode } from '@domain/tsp/index.ts';
import { useFormatDistance } from '@/lib/units';
import { useOptimizeOutcome } from '../hooks/use-optimize-outcome.ts';
import { useOptimizeRoute, type OptimizeRouteOutcome } from '../hooks/use-optimize-route.ts';
import { MIN_STOPS, formatPercentSaved, sameStops } from '../model/presentation.ts';
import type { OptimizeIntent, OptimizeRouteProps, OptimizeStop } from './optimize-props.ts';
import { OptimizePanel } from './OptimizePanel.tsx';

const MODE_OPTIONS = [
  { mode: 'fixed-start', label: 'optimize.modes.fixedStart' },
  { mode: 'fixed-start-end', label: 'optimize.modes.fixedStartEnd' },
  { mode: 'round-trip', label: 'optimize.modes.roundTrip' },
] as const satisfies readonly { mode: RouteMode; label: string }[];

const COST_LABELS = {
  road: 'optimize.costRoad',
  straight: 'optimize.costStraight',
} as const;

/** The optimiser of a route without a day: the shortest order in the chosen route type. */
export function RouteOptimize<T extends OptimizeStop>({
  stops,
  onApply,
  onUndo,
  onIntent,
}: Omit<OptimizeRouteProps<T>, 'dayPlan'> & OptimizeIntent) {
  const { t, i18n } = useTranslation();
  const formatDistance = useFormatDistance();
  const { optimize, status, cancel } = useOptimizeRoute();
  const { shown, ...outcome } = useOptimizeOutcome<T, OptimizeRouteOutcome>({
    stops,
    same: sameStops,
    onApply,
    onUndo,
  });
  const [mode, setMode] = useState<RouteMode>('fixed-start');
  const modeId = useId();
  const running = status === 'running';

  let message = '';
  if (running) message = t('optimize.running');
  else if (shown?.kind === 'applied') {
    const { before, after } = shown.result;
    message = t('optimize.saved', {
      distance: formatDistance(before - after),
      percent: formatPercentSaved(before, after, i18n.language),
    });
  } else if (shown?.kind === 'unchanged') message = t('optimize.alreadyShortest');

  return (
    <OptimizePanel
      onIntent={onIntent}
      intro={
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
      }
      running={running}
      minimum={MIN_STOPS[mode]}
      enoughStops={stops.length >= MIN_STOPS[mode]}
      onOptimize={() =>
        void outcome.optimize(async (snapshot) => {
          const result = await optimize(snapshot, mode);
          return { order: result.order, better: result.after < result.before, result };
        })
      }
      halt={{
        label: t('optimize.cancel'),
        accessibleLabel: t('optimize.cancelLabel'),
        onClick: cancel,
      }}
      onUndo={shown?.kind === 'applied' ? outcome.undo : null}
      message={message}
      costNote={shown && shown.kind !== 'failed' ? t(COST_LABELS[shown.result.cost]) : null}
      failed={shown?.kind === 'failed'}
    />
  );
}
