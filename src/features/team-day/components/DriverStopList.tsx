import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import type { TimeFormat } from '@/lib/day-plan';
import { stopTimeMinutes } from '@/lib/day-plan';
import type { DriverRoute } from '../model/team-plan.ts';
import { MoveStop, type MoveControls } from './MoveStop.tsx';

/** The same controls for this list: its open stop, and the same choices and actions. */
const sameMove = (a: MoveControls | undefined, b: MoveControls | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.open === b.open &&
    a.drivers === b.drivers &&
    a.toggle === b.toggle &&
    a.moveTo === b.moveTo);

interface DriverStopListProps {
  driver: DriverRoute;
  stops: readonly Stop[];
  format: TimeFormat;
  /** Moving its stops to other drivers; none once the split is saved. */
  move?: MoveControls;
}

/**
 * A driver's day in order: where it starts (⌂, left at its time), then each stop served with
 * its arrival, wait, departure and lateness, numbered as on the map. Drawn again only when the
 * driver's day, the stops, the clock or this list's Move controls change.
 */
export const DriverStopList = memo(
  DriverStopRows,
  (before, after) =>
    before.driver === after.driver &&
    before.stops === after.stops &&
    before.format === after.format &&
    sameMove(before.move, after.move),
);

function DriverStopRows({ driver, stops, format, move }: DriverStopListProps) {
  const { t } = useTranslation();
  const schedule = driver.schedule;
  const rows = [
    ...(driver.start ? [{ key: 'start', stop: null, name: driver.start.name, number: null }] : []),
    ...driver.served.map((index, position) => ({
      key: String(index),
      stop: index,
      name: stops[index].name,
      number: position + 1,
    })),
  ];
  return (
    <ol
      className="team-driver__stops"
      aria-label={t('dayPlan.driverStopsList', { number: driver.number })}
    >
      {rows.map((row, position) => {
        const time = schedule?.stops[position];
        const isStart = row.number === null;
        return (
          <li key={row.key} className="team-driver__stop">
            <span className="team-driver__stop-number" aria-hidden="true">
              {isStart ? '⌂' : row.number}
            </span>
            <span className="team-driver__stop-body">
              <span className="team-driver__stop-name">{row.name}</span>
              {time ? (
                <span className="team-driver__stop-times">
                  {[
                    time.arrival !== null && !isStart
                      ? t('dayPlan.arriveAt', { time: format.time(time.arrival) })
                      : null,
                    time.wait > 0
                      ? t('dayPlan.waitFor', { span: format.minutes(stopTimeMinutes(time).wait) })
                      : null,
                    t('dayPlan.leaveAt', { time: format.time(time.departure) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {time.late > 0 ? (
                    <strong className="team-driver__late">
                      {' · '}
                      <span aria-hidden="true">⚠ </span>
                      {t('dayPlan.late', { span: format.minutes(stopTimeMinutes(time).late) })}
                    </strong>
                  ) : null}
                </span>
              ) : null}
              {move && row.stop !== null ? (
                <MoveStop stop={row.stop} name={row.name} driver={driver.number} move={move} />
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
