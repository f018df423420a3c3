import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeFormat } from '@/lib/day-plan';
import { formatLatLng } from '@/lib/format';
import { useFormatDistance } from '@/lib/units';
import type { BoardRow } from '../model/board-rows';

/** Each stop of one driver with its latest report: time, reason, note, position, proofs. */
export function StopReports({
  title,
  showTitle,
  rows,
  format,
  actions,
  rowProps,
  sectionProps,
}: {
  title: string;
  showTitle: boolean;
  rows: readonly BoardRow[];
  format: TimeFormat;
  /** What a stop offers besides its facts (moving it to another driver). */
  actions?: (row: BoardRow) => ReactNode;
  rowProps?: (row: BoardRow) => HTMLAttributes<HTMLElement>;
  sectionProps?: HTMLAttributes<HTMLElement>;
}) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  return (
    <section className="board-stops" aria-label={t('board.stopsOf', { title })} {...sectionProps}>
      {showTitle ? <h3 className="board-stops__title">{title}</h3> : null}
      <ol className="board-stops__list">
        {rows.map((row) => (
          <li
            key={row.stopId}
            id={`stop-${row.stopId}`}
            className="board-stop"
            data-testid="board-stop"
            {...rowProps?.(row)}
          >
            <p className="board-stop__head">
              <span className="board-stop__number">{row.number}</span>{' '}
              <span className="board-stop__name">{row.name}</span>{' '}
              <span
                className={`board-status board-status--${row.status}`}
                data-testid="board-stop-status"
              >
                {t(`board.status.${row.status}`)}
              </span>
            </p>
            <p className="board-stop__facts">
              {row.planned !== null ? (
                <span>{t('board.planned', { time: format.time(row.planned) })}</span>
              ) : null}
              {row.reportedAt !== null ? (
                <span>{t('board.reportedAt', { time: format.time(row.reportedAt) })}</span>
              ) : null}
              {row.reason ? (
                <span>{t(`drive.reason.${row.reason}`, { defaultValue: row.reason })}</span>
              ) : null}
            </p>
            {row.note ? <p className="board-stop__note">{row.note}</p> : null}
            {row.position ? (
              <p className={`board-stop__position${row.far ? ' board-stop__position--far' : ''}`}>
                {t('board.position', {
                  place: formatLatLng(row.position, 5),
                  accuracy: row.position.accuracy ?? '?',
                })}
                {row.distance !== null
                  ? ` · ${t('board.distance', { distance: distance(row.distance) })}`
                  : ''}
                {row.far ? ` · ${t('board.far')}` : ''}
              </p>
            ) : null}
            {row.photo || row.signature ? (
              <p className="board-stop__proofs">
                {row.photo ? (
                  <a href={row.photo} target="_blank" rel="noreferrer">
                    {t('board.photo', { name: row.name })}
                  </a>
                ) : null}{' '}
                {row.signature ? (
                  <a href={row.signature} target="_blank" rel="noreferrer">
                    {t('board.signature', { name: row.name })}
                  </a>
                ) : null}
              </p>
            ) : null}
            {actions?.(row)}
          </li>
        ))}
      </ol>
    </section>
  );
}
