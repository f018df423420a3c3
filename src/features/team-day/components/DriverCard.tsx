import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import type { TimeFormat } from '@/lib/day-plan';
import { useFormatDistance } from '@/lib/units';
import type { SavedDriver } from '../hooks/use-save-team.ts';
import { driverStyle } from '../model/palette.ts';
import { driverLoad, driverStops, type DriverRoute } from '../model/team-plan.ts';
import { DriverLinks } from './DriverLinks.tsx';
import { DriverLoad } from './DriverLoad.tsx';
import { DriverStopList } from './DriverStopList.tsx';
import type { MoveControls } from './MoveStop.tsx';

export interface DriverCardProps {
  driver: DriverRoute;
  /** The driver's name, as it was when the split ran ('' when none). */
  name: string;
  /** The driver's capacity when the split ran with one: the card says how much is taken. */
  capacity: number | undefined;
  stops: readonly Stop[];
  title: string;
  onTitleChange: (title: string) => void;
  format: TimeFormat;
  /** The itinerary once saved: its share link, navigation page and Waze hand-off. */
  saved: SavedDriver | undefined;
  /** Hands a stop to Waze (the navigation feature's hand-off, given by the page). */
  onWaze: (point: LatLng) => void;
  busy: boolean;
  /** Moving the driver's stops to other drivers (until the split is saved). */
  move?: MoveControls;
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

/**
 * One driver of the split: the route's title, its day in order with the times, its totals (and
 * load, against a capacity) and, once saved, its links. Its count of stops is the saved route's, as My Routes will show it
 * (where the day starts included).
 */
export function DriverCard({
  driver,
  name,
  capacity,
  stops,
  title,
  onTitleChange,
  format,
  saved,
  onWaze,
  busy,
  move,
}: DriverCardProps) {
  const { t } = useTranslation();
  const formatDistance = useFormatDistance();
  const headingId = useId();
  const titleId = useId();
  const style = driverStyle(driver.number);
  const count = driverStops(stops, driver).length;
  const first = driver.served[0];

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
        {name
          ? t('dayPlan.driverNamed', { name, number: driver.number })
          : t('dayPlan.driverName', { number: driver.number })}
        <span className="team-driver__count">{t('dayPlan.driverStops', { count })}</span>
      </h3>

      {driver.served.length === 0 ? (
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
          {driver.schedule ? (
            <p className="team-driver__totals" data-testid="driver-totals">
              {t('dayPlan.driverTotals', {
                distance: formatDistance(driver.distance),
                driving: format.span(driver.schedule.driving),
                finish: format.time(driver.schedule.finish),
              })}
            </p>
          ) : null}
          {capacity !== undefined ? (
            <DriverLoad load={driverLoad(stops, driver)} capacity={capacity} />
          ) : null}
          <DriverStopList driver={driver} stops={stops} format={format} move={move} />
        </>
      )}

      {saved ? (
        <DriverLinks
          saved={saved}
          firstStop={first === undefined ? null : stops[first]}
          onWaze={onWaze}
        />
      ) : null}
    </section>
  );
}
