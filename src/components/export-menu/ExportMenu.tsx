import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
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
  type WaypointTimes,
} from '@/lib/export';
import { useTimeFormat } from '@/lib/day-plan';
import { formatDuration } from '@/lib/format';
import { useFormatDistance } from '@/lib/units';
import '@/components/forms.css';
import './ExportMenu.css';

export interface ExportMenuProps {
  /** The title to write (the auto title when the user left it blank). */
  title: string;
  stops: readonly Pick<Stop, 'name' | 'lat' | 'lng' | 'note' | 'load'>[];
  /** The calculated route, when there is one: its line becomes the GPX track. */
  legs?: readonly Pick<RouteLeg, 'coordinates'>[];
  /** The route's length (metres, seconds) when known: a line of the copied stop list. */
  totals?: { distance: number; duration: number } | null;
  /**
   * Each stop's planned times when the route has a working day (in the stops' order): the GPX
   * keeps them in each waypoint's description and time. The other exports are unchanged.
   */
  times?: readonly (WaypointTimes | null)[] | null;
  /**
   * The IANA zone the GPX writes `times` in: the one the page shows them in (the planner: the
   * plan's zone). Default: the device's.
   */
  timeZone?: string;
}

const NO_STOPS: ExportMenuProps['stops'] = [];

/**
 * Everything that takes the route elsewhere: a GPX file, Google Maps and Apple Maps
 * links (split into parts where their URLs cannot hold the whole route) and the stop
 * list as text. A disclosure, so it stays out of the way until asked for.
 */
export function ExportMenu({ title, stops, legs, totals, times, timeZone }: ExportMenuProps) {
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
  const panelId = useId();
  const copyTextId = useId();
  const [open, setOpen] = useState(false);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'refused'>('idle');
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

  return (
    <div className="export-menu">
      <button
        type="button"
        className="button button--block"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          setCopyState('idle');
        }}
      >
        {t('exportRoute.open')}
      </button>
      <div
        id={panelId}
        className="export-menu__panel"
        hidden={!open}
        role="group"
        aria-label={t('exportRoute.heading')}
      >
        {stops.length === 0 ? (
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
              <button
                type="button"
                className="button button--small"
                onClick={() => void copyList()}
              >
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
        )}
      </div>
    </div>
  );
}
