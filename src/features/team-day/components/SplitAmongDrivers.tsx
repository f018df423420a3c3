import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import { MIN_SPLIT_STOPS } from '../model/split-form.ts';
import type { TeamDayDialogProps } from './TeamDayDialog.tsx';

// The split (its form, map and lists) loads when it is first opened.
const teamDayDialog = retryableLazy<TeamDayDialogProps>(
  async () => (await import('./TeamDayDialog.tsx')).TeamDayDialog,
);

/** The planner's 'Split among drivers' button (once the route has stops) and the split it opens. */
export function SplitAmongDrivers(props: Omit<TeamDayDialogProps, 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const tooFew = props.stops.length < MIN_SPLIT_STOPS;
  // An empty route has nothing to split: the planner's empty state says how to start.
  if (props.stops.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="button button--block"
        disabled={tooFew}
        aria-describedby={tooFew ? hintId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('dayPlan.splitOpen')}
      </button>
      {tooFew ? (
        <p id={hintId} className="form-hint">
          {t('dayPlan.splitNeedsStops', { count: MIN_SPLIT_STOPS })}
        </p>
      ) : null}
      {open ? (
        <LazyPart part={teamDayDialog} props={{ ...props, onClose: () => setOpen(false) }} />
      ) : null}
    </>
  );
}
