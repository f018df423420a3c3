import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import { formatMinutes } from '@/lib/format';
import type { ImportEntry } from '../model/import-review';
import type { ImportRow } from '../model/parse-import';

const rowText = (row: ImportRow): string =>
  row.kind === 'address' ? row.query : row.kind === 'point' ? row.name : row.text;

/** "Window 09:00–12:00 · 10 min at the stop · Load 3": what a line says of the working day. */
export function DayRead({ day }: { day: StopDayFields | undefined }) {
  const { t, i18n } = useTranslation();
  if (!day) return null;
  const parts = [
    ...(day.window ? [t('dayPlan.windowShown', { ...day.window })] : []),
    ...(day.serviceMinutes !== undefined
      ? [t('dayPlan.atStopFor', { span: formatMinutes(day.serviceMinutes, i18n.resolvedLanguage) })]
      : []),
    ...(day.load !== undefined ? [t('dayPlan.loadShown', { count: day.load })] : []),
  ];
  return parts.length > 0 ? (
    <span className="import-panel__day" data-testid="import-day">
      {parts.join(' · ')}
    </span>
  ) : null;
}

/** A line of the pasted list as it was read: an address, a point or unreadable. */
export const PreviewRow = memo(function PreviewRow({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <li className={`import-panel__row import-panel__row--${row.kind}`}>
      <span className="import-panel__line">{t('importStops.line', { line: row.line })}</span>
      <span className="import-panel__text">{rowText(row)}</span>
      <span className="import-panel__kind">{t(`importStops.kind.${row.kind}`)}</span>
      {row.kind !== 'unreadable' ? <DayRead day={row.day} /> : null}
    </li>
  );
});

/** A line found on the map, ready to add. */
export const ReadyRow = memo(function ReadyRow({ entry }: { entry: ImportEntry }) {
  const { t } = useTranslation();
  return (
    <li className="import-panel__row">
      <span className="import-panel__line">{t('importStops.line', { line: entry.line })}</span>
      <span className="import-panel__text">{entry.stop?.name}</span>
      <DayRead day={entry.day} />
    </li>
  );
});
