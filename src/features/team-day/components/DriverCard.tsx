import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { paths } from '@/config/paths';
import type { TimeFormat } from '@/lib/day-plan';
import { stopTimeMinutes } from '@/lib/day-plan';
import { useShareItinerary } from '@/lib/itineraries';
import { useFormatDistance } from '@/lib/units';
import { driverStyle } from '../model/palette.ts';
import { servedCount, type DriverRoute } from '../model/team-plan.ts';
import type { SavedDriver } from '../hooks/useSaveTeam.ts';

export interface DriverCardProps {
  driver: DriverRoute;
  stops: readonly Stop[];
  sharedStart: boolean;
  title: string;
  onTitleChange: (title: string) => void;
  format: TimeFormat;
  /** The itinerary once saved: its share link, navigation page and Waze hand-off. */
  saved: SavedDriver | undefined;
  /** Hands a stop to Waze (the navigation feature's hand-off, given by the page). */
  onWaze: (point: LatLng) => void;
  busy: boolean;
}

/** The line's colour and pattern, as a small legend beside the driver's name. */
function Swatch({ number }: { number: number }) {
  const style = driverStyle(number);
  return (
    <svg className="team-driver__swatch" width="36" height="12" aria-hidden="true">
      <line x1="2" y1="6" x2="34" y2="6" stroke="#1b1f24" strokeWidth="8" strokeOpacity="0.45" />
      <line
        x1="2"
        y1="6"
        x2="34"
        y2="6"
        stroke={style.colour}
        strokeWidth="4"
        strokeDasharray={style.dash || undefined}
      />
    </svg>
  );
}

/** One driver of the split: the route's title, its stops with their times, its totals, its links. */
export function DriverCard({
  driver,
  stops,
  sharedStart,
  title,
  onTitleChange,
  format,
  saved,
  onWaze,
  busy,
}: DriverCardProps) {
  const { t } = useTranslation();
  const formatDistance = useFormatDistance();
  const headingId = useId();
  const titleId = useId();
  const sharing = useShareItinerary();
  const [share, setShare] = useState<{ url: string; copied: boolean } | null>(null);
  const [shareFailed, setShareFailed] = useState(false);
  const style = driverStyle(driver.number);
  const count = servedCount(driver, sharedStart);
  const schedule = driver.schedule;

  const createShare = async () => {
    if (!saved) return;
    setShareFailed(false);
    try {
      const link = await sharing.mutateAsync({ id: saved.id });
      setShare({ url: link.shareUrl, copied: false });
    } catch (error) {
      console.error('Creating the share link failed', error);
      setShareFailed(true);
    }
  };
  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.url);
      setShare({ ...share, copied: true });
    } catch {
      // No clipboard: the link is in the field, selectable.
    }
  };
  const firstStop = driver.order[sharedStart ? 1 : 0];

  return (
    <section
      className="team-driver"
      aria-labelledby={headingId}
      style={{ borderLeftColor: style.colour }}
      data-testid="team-driver"
    >
      <h3 id={headingId} className="team-driver__heading">
        <Swatch number={driver.number} />
        <span
          className="team-driver__badge"
          style={{ background: style.colour, color: style.text }}
          aria-hidden="true"
        >
          {driver.number}
        </span>
        {t('dayPlan.driverName', { number: driver.number })}
        <span className="team-driver__count">{t('dayPlan.driverStops', { count })}</span>
      </h3>

      {driver.order.length === 0 ? (
        <p className="team-driver__empty">{t('dayPlan.driverNoStops')}</p>
      ) : (
        <>
          <div className="form-field">
            <label htmlFor={titleId} className="form-label">
              {t('dayPlan.driverTitleLabel', { number: driver.number })}
            </label>
            <input
              id={titleId}
              className="form-input"
              type="text"
              maxLength={200}
              value={title}
              disabled={busy || saved !== undefined}
              onChange={(event) => onTitleChange(event.target.value)}
            />
          </div>
          {schedule ? (
            <p className="team-driver__totals" data-testid="driver-totals">
              {t('dayPlan.driverTotals', {
                distance: formatDistance(driver.distance),
                driving: format.span(schedule.driving),
                finish: format.time(schedule.finish),
              })}
            </p>
          ) : null}
          <ol
            className="team-driver__stops"
            aria-label={t('dayPlan.driverStopsList', { number: driver.number })}
          >
            {driver.order.map((index, position) => {
              const time = schedule?.stops[position];
              // The shared depot is where the day starts; without it the first stop is served.
              const isStart = sharedStart && position === 0;
              const number = sharedStart ? position : position + 1;
              return (
                <li key={index} className="team-driver__stop">
                  <span className="team-driver__stop-number" aria-hidden="true">
                    {isStart ? '⌂' : number}
                  </span>
                  <span className="team-driver__stop-body">
                    <span className="team-driver__stop-name">{stops[index].name}</span>
                    {time ? (
                      <span className="team-driver__stop-times">
                        {[
                          time.arrival !== null && !isStart
                            ? t('dayPlan.arriveAt', { time: format.time(time.arrival) })
                            : null,
                          time.wait > 0
                            ? t('dayPlan.waitFor', {
                                span: format.minutes(stopTimeMinutes(time).wait),
                              })
                            : null,
                          t('dayPlan.leaveAt', { time: format.time(time.departure) }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                        {time.late > 0 ? (
                          <strong className="team-driver__late">
                            {' · '}
                            <span aria-hidden="true">⚠ </span>
                            {t('dayPlan.late', {
                              span: format.minutes(stopTimeMinutes(time).late),
                            })}
                          </strong>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}

      {saved ? (
        <div className="team-driver__links">
          <button
            type="button"
            className="button button--small"
            aria-label={t('dayPlan.shareDriverLabel', { title: saved.title })}
            disabled={sharing.isPending}
            onClick={() => void createShare()}
          >
            {t('dayPlan.shareDriver')}
          </button>
          <Link
            className="button button--small"
            to={paths.wazeRoute(saved.id)}
            aria-label={t('dayPlan.driveDriverLabel', { title: saved.title })}
          >
            {t('dayPlan.driveDriver')}
          </Link>
          {firstStop !== undefined ? (
            <button
              type="button"
              className="button button--small team-driver__waze"
              aria-label={t('dayPlan.wazeDriverLabel', { title: saved.title })}
              onClick={() => onWaze(stops[firstStop])}
            >
              {t('dayPlan.wazeDriver')}
            </button>
          ) : null}
          {share ? (
            <div className="team-driver__share">
              <input
                className="form-input"
                readOnly
                value={share.url}
                aria-label={t('dayPlan.shareDriverLabel', { title: saved.title })}
                onFocus={(event) => event.target.select()}
              />
              <button type="button" className="button button--small" onClick={() => void copy()}>
                {t('dayPlan.copyDriverLink')}
              </button>
              <span role="status" className="team-driver__copied">
                {share.copied ? t('dayPlan.linkCopied') : ''}
              </span>
            </div>
          ) : null}
          {shareFailed ? (
            <p role="alert" className="team-driver__error">
              {t('dayPlan.shareDriverFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
