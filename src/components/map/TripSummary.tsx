import { memo, useId, useState } from 'react';
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

/**
 * The Trip Summary card: Stops, Distance, Duration. On a phone it is one line ("3 stops · 25 km ·
 * 43m") that opens the whole card, so the map under it stays visible (map.css); a fitted view
 * keeps the stops clear of it (`data-map-cover`, fit-padding.ts).
 */
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
  const listId = useId();
  const [open, setOpen] = useState(false);
  const distance = totalDistance === null ? UNKNOWN : formatDistance(totalDistance);
  const duration = totalDuration === null ? UNKNOWN : formatDuration(totalDuration, locale);
  const line = t('summary.line', { count: stopCount, distance, duration });
  return (
    <section
      className={['trip-summary', open && 'trip-summary--open', className]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      aria-busy={calculating}
      data-map-cover=""
    >
      <h2 id={titleId} className="trip-summary__title">
        {t('summary.title')}
      </h2>
      <button
        type="button"
        className="trip-summary__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="trip-summary__line" data-testid="summary-line">
          {line}
        </span>
        <span className="trip-summary__chevron" aria-hidden="true" />
      </button>
      {/* Read out when the totals change, whichever of the line and the card is on screen: a
          live region inside the folded card (display: none on a phone) would be lost. */}
      <p className="visually-hidden" aria-live="polite" data-testid="summary-announcement">
        {line}
      </p>
      <div id={listId} className="trip-summary__body">
        <dl className="trip-summary__list">
          <div>
            <dt>{t('summary.stops')}</dt>
            <dd data-testid="summary-stops">{stopCount}</dd>
          </div>
          <div>
            <dt>{t('summary.distance')}</dt>
            <dd data-testid="summary-distance">{distance}</dd>
          </div>
          <div>
            <dt>{t('summary.duration')}</dt>
            <dd data-testid="summary-duration">{duration}</dd>
          </div>
          {extra}
        </dl>
        {calculating ? <p className="trip-summary__note">{t('summary.calculating')}</p> : null}
        {!calculating && estimated ? (
          <p className="trip-summary__note">{t('summary.estimated')}</p>
        ) : null}
      </div>
    </section>
  );
});
