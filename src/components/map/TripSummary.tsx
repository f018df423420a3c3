import { memo, useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';
import { useFormatDistance } from '@/lib/units';

export interface TripSummaryProps {
  stopCount: number;
  /** Metres; null while unknown (fewer than 2 stops, or not calculated yet). */
  totalDistance: number | null;
  /** Seconds; null while unknown. */
  totalDuration: number | null;
  calculating?: boolean;
  /** Some legs are straight-line estimates (no road route found). */
  estimated?: boolean;
  className?: string;
  /** More lines of the summary (`<div><dt/><dd/></div>`), e.g. the working day's finish and totals. */
  extra?: ReactNode;
}

const UNKNOWN = '--';

/** The Trip Summary card: Stops, Distance, Duration. */
export const TripSummary = memo(function TripSummary({
  stopCount,
  totalDistance,
  totalDuration,
  calculating = false,
  estimated = false,
  className,
  extra,
}: TripSummaryProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const formatDistance = useFormatDistance();
  const titleId = useId();
  return (
    <section
      className={['trip-summary', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-busy={calculating}
    >
      <h2 id={titleId} className="trip-summary__title">
        {t('summary.title')}
      </h2>
      <dl className="trip-summary__list" aria-live="polite">
        <div>
          <dt>{t('summary.stops')}</dt>
          <dd data-testid="summary-stops">{stopCount}</dd>
        </div>
        <div>
          <dt>{t('summary.distance')}</dt>
          <dd data-testid="summary-distance">
            {totalDistance === null ? UNKNOWN : formatDistance(totalDistance)}
          </dd>
        </div>
        <div>
          <dt>{t('summary.duration')}</dt>
          <dd data-testid="summary-duration">
            {totalDuration === null ? UNKNOWN : formatDuration(totalDuration, locale)}
          </dd>
        </div>
        {extra}
      </dl>
      {calculating ? <p className="trip-summary__note">{t('summary.calculating')}</p> : null}
      {!calculating && estimated ? (
        <p className="trip-summary__note">{t('summary.estimated')}</p>
      ) : null}
    </section>
  );
});
