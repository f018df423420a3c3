import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  appleMapsLinks,
  copyText,
  downloadText,
  googleMapsLinks,
  gpxFileName,
  lineOfLegs,
  stopListText,
  toGpx,
  waypointDescription,
  waypointTime,
  type WaypointTexts,
} from '@/lib/export';
import { useTimeFormat } from '@/lib/day-plan';
import { formatDuration } from '@/lib/format';
import { useFormatDistance } from '@/lib/units';
import type { ExportMenuProps } from './ExportMenu';

export interface ExportPanelProps extends ExportMenuProps {
  /** Whether the menu is open: closed, the panel stays (hidden, as the user left it) and makes nothing. */
  open: boolean;
}

const NO_STOPS: ExportMenuProps['stops'] = [];

/**
 * What the export menu shows once opened: a GPX file, Google Maps and Apple Maps links (split
 * into parts where their URLs cannot hold the whole route) and the stop list as text.
 */
export function ExportPanel({
  open,
  title,
  stops,
  legs,
  totals,
  times,
  timeZone,
}: ExportPanelProps) {
  const { t, i18n } = useTranslation();
  const format = useTimeFormat(timeZone);
  const formatDistance = useFormatDistance();
  const summary =
    totals && totals.distance > 0
      ? t('exportRoute.totalLine', {
          distance: formatDistance(totals.distance),
          duration: formatDuration(totals.duration, i18n.resolvedLanguage),
        })
      : undefined;
  const copyTextId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'refused'>('idle');
  // Opened or closed again: a new start for the copy's answer.
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    setCopyState('idle');
  }
  const fallback = useRef<HTMLTextAreaElement>(null);
  // The links and the list are made (and drawn) only while the menu is open: the planner draws
  // this menu again whenever its stops change, mostly closed (200 stops: some 6 ms a time).
  const shownStops = open ? stops : NO_STOPS;
  const google = useMemo(() => googleMapsLinks(shownStops), [shownStops]);
  const apple = useMemo(() => appleMapsLinks(shownStops), [shownStops]);
  const listText = useMemo(
    () => stopListText(title, shownStops, summary),
    [title, shownStops, summary],
  );

  const downloadGpx = () => {
    const line = legs && legs.length === stops.length - 1 ? lineOfLegs(legs) : undefined;
    const texts: WaypointTexts = {
      time: format.time,
      dayAndTime: format.dayAndTime,
      span: format.span,
      minutes: format.minutes,
      arrive: (time) => t('dayPlan.arriveAt', { time }),
      wait: (span) => t('dayPlan.waitFor', { span }),
      atStop: (span) => t('dayPlan.atStopFor', { span }),
      leave: (time) => t('dayPlan.leaveAt', { time }),
      window: (start, end) => t('dayPlan.windowShown', { start, end }),
      late: (span) => t('dayPlan.late', { span }),
      load: (count) => t('dayPlan.loadShown', { count }),
    };
    const planned = times && times.length === stops.length ? times : null;
    const waypoints = stops.map((stop, index) => ({
      ...stop,
      description: waypointDescription(planned?.[index], stop.note, texts, stop.load),
      time: waypointTime(planned?.[index]),
    }));
    downloadText(
      gpxFileName(title),
      toGpx({ title, stops: waypoints, line, time: new Date() }),
      'application/gpx+xml',
    );
  };

  const copyList = async () => {
    const copied = await copyText(listText);
    setCopyState(copied ? 'copied' : 'refused');
    if (!copied) requestAnimationFrame(() => fallback.current?.select());
  };

  return stops.length === 0 ? (
    <p className="form-hint">{t('exportRoute.needStops')}</p>
  ) : (
    <>
      <div className="export-menu__item">
        <button type="button" className="button button--small" onClick={downloadGpx}>
          {t('exportRoute.downloadGpx')}
        </button>
        <p className="form-hint">{t('exportRoute.gpxHint')}</p>
      </div>

      <div className="export-menu__item">
        {google.length === 1 ? (
          <a
            className="button button--small"
            href={google[0].url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('exportRoute.googleMaps')}
          </a>
        ) : (
          <>
            <h3 className="export-menu__title">{t('exportRoute.googleMaps')}</h3>
            <p className="form-hint">{t('exportRoute.googleParts')}</p>
            <ul className="export-menu__links" aria-label={t('exportRoute.googleMaps')}>
              {google.map((link, index) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {t('exportRoute.part', {
                      part: index + 1,
                      first: link.firstStop,
                      last: link.lastStop,
                    })}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <div className="export-menu__item">
        {apple.length === 1 ? (
          <a
            className="button button--small"
            href={apple[0].url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('exportRoute.appleMaps')}
          </a>
        ) : (
          <details>
            <summary className="export-menu__title">{t('exportRoute.appleMaps')}</summary>
            <p className="form-hint">{t('exportRoute.appleLegs')}</p>
            <ul className="export-menu__links" aria-label={t('exportRoute.appleMaps')}>
              {apple.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {t('exportRoute.leg', { from: link.firstStop, to: link.lastStop })}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>

      <div className="export-menu__item">
        <button type="button" className="button button--small" onClick={() => void copyList()}>
          {t('exportRoute.copyList')}
        </button>
        <p className="form-hint" role="status">
          {copyState === 'copied'
            ? t('exportRoute.copied')
            : copyState === 'refused'
              ? t('exportRoute.copyRefused')
              : ''}
        </p>
        {copyState === 'refused' ? (
          <>
            <label htmlFor={copyTextId} className="form-label">
              {t('exportRoute.copyTextLabel')}
            </label>
            <textarea
              id={copyTextId}
              ref={fallback}
              className="form-input export-menu__text"
              readOnly
              rows={Math.min(10, listText.split('\n').length)}
              value={listText}
            />
          </>
        ) : null}
      </div>
    </>
  );
}
