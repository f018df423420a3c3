import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './OptimizeRoute.css';

export interface OptimizePanelProps {
  /** Above the button: the route type, or what the day's optimiser honours. */
  intro: ReactNode;
  running: boolean;
  /** Fewest stops the optimiser needs; the button is off below it, with a hint. */
  minimum: number;
  enoughStops: boolean;
  onOptimize: () => void;
  /** The first sign the user means to optimise: a pointer over the button, its focus, a touch. */
  onIntent?: () => void;
  /** While running: Cancel (a route) or Stop, keeping the best so far (a day). */
  halt: { label: string; accessibleLabel: string; onClick: () => void };
  /** After an applied order: Undo. */
  onUndo: (() => void) | null;
  /** The progress or the outcome, read out as a status. */
  message: string;
  /** What the run compared (road or straight-line), once it has an outcome. */
  costNote: string | null;
  failed: boolean;
  /** More of the outcome (the stops no order reaches in time). */
  children?: ReactNode;
}

/**
 * The optimise panel of the planner, with or without a day: what it honours, the button with
 * Cancel or Stop while it runs and Undo after, the hint when the route has too few stops, the
 * progress or outcome as a status, what it compared, and a failure as an alert.
 */
export function OptimizePanel({
  intro,
  running,
  minimum,
  enoughStops,
  onOptimize,
  onIntent,
  halt,
  onUndo,
  message,
  costNote,
  failed,
  children,
}: OptimizePanelProps) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="optimize-route" role="group" aria-label={t('optimize.groupLabel')}>
      {intro}
      <div className="optimize-route__row">
        <button
          type="button"
          className="button button--primary"
          disabled={!enoughStops || running}
          aria-describedby={enoughStops ? undefined : hintId}
          onPointerOver={onIntent}
          onFocus={onIntent}
          onTouchStart={onIntent}
          onClick={onOptimize}
        >
          {t('optimize.button')}
        </button>
        {running ? (
          <button
            type="button"
            className="button button--ghost"
            aria-label={halt.accessibleLabel}
            onClick={halt.onClick}
          >
            {halt.label}
          </button>
        ) : null}
        {onUndo && !running ? (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('optimize.undoLabel')}
            onClick={onUndo}
          >
            {t('optimize.undo')}
          </button>
        ) : null}
      </div>
      {!enoughStops ? (
        <p id={hintId} className="optimize-route__hint">
          {t('optimize.needMoreStops', { count: minimum })}
        </p>
      ) : null}
      <p className="optimize-route__status" role="status">
        {message}
      </p>
      {costNote && !running ? <p className="optimize-route__cost">{costNote}</p> : null}
      {!running ? children : null}
      {failed && !running ? (
        <p className="optimize-route__error" role="alert">
          {t('optimize.failed')}
        </p>
      ) : null}
    </div>
  );
}
