import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { SendToDriverDialog } from '@/components/driver-link/LazySendToDriverDialog';
import { useStableCallback } from '@/components/hooks/use-stable-callback';
import { paths } from '@/config/paths';
import type { TimeFormat } from '@/lib/day-plan';
import { unreachableText } from '@/lib/day-plan/unreachable-text';
import { costText } from '@/lib/optimizer/road-times-text.ts';
import type { useTeamDay } from '../hooks/use-team-day.ts';
import type { DriverRoute } from '../model/team-plan.ts';
import { DriverCard } from './DriverCard.tsx';
import type { MoveControls } from './MoveStop.tsx';

export interface SplitResultsProps {
  team: ReturnType<typeof useTeamDay>;
  stops: readonly Stop[];
  format: TimeFormat;
  signedIn: boolean;
  onWaze: (point: LatLng) => void;
}

/**
 * The split's outcome: what the times were compared by, the stops no driver can take with the
 * reason, each driver's card, and 'Save all' (or sign in to save).
 */
export function SplitResults({ team, stops, format, signedIn, onWaze }: SplitResultsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { outcome, saving, savingAll } = team;
  const [sendingToDrivers, setSendingToDrivers] = useState(false);
  const [moving, setMoving] = useState<number | null>(null);
  /** The stop just moved: focus follows it to its new driver's card. */
  const [moved, setMoved] = useState<number | null>(null);
  useEffect(() => {
    if (moved === null) return;
    // After the frame that shows the move: focusing lays the dialog out and scrolls to the other
    // driver's card (about 30 ms at CPU 4× with 400 stops), which that frame need not wait for.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        document.querySelector<HTMLElement>(`[data-move-stop="${moved}"]`)?.focus(),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [moved, outcome]);
  // What every driver's list is given stays the same from one move to the next: only the lists
  // of the two drivers a stop moved between are drawn again (400 stops' rows took some 500 ms
  // on the benchmarks' phone when every list was).
  const toggle = useCallback(
    (stop: number) => setMoving((open) => (open === stop ? null : stop)),
    [],
  );
  const moveTo = useStableCallback((stop: number, driver: number) => {
    team.move(stop, driver);
    setMoving(null);
    setMoved(stop);
  });
  // 'Save all' takes the Move buttons away from every list (400 rows drawn again): after the
  // frame that shows the save has begun, in a transition that yields to input.
  const movable = useDeferredValue(team.movable);
  const names = outcome?.names;
  const count = outcome?.drivers.length ?? 0;
  const choices = useMemo(
    () =>
      Array.from({ length: count }, (_, index) => ({
        number: index + 1,
        name: names?.[index] ?? '',
      })),
    [count, names],
  );
  if (!outcome) return null;
  const moveFor = (driver: DriverRoute): MoveControls | undefined =>
    movable
      ? {
          open: moving !== null && driver.served.includes(moving) ? moving : null,
          drivers: choices,
          toggle,
          moveTo,
        }
      : undefined;
  return (
    <>
      <p className="form-hint">
        {costText({ cost: outcome.cost, straightBecause: outcome.times.straightBecause }, t)}
      </p>
      {outcome.unassigned.length > 0 ? (
        <div className="team-day__unassigned">
          <p className="team-day__unassigned-title">{t('dayPlan.unassignedTitle')}</p>
          <ul data-testid="unassigned-stops">
            {outcome.unassigned.map((entry) => (
              <li key={entry.stop}>
                {unreachableText(t, format.time, stops[entry.stop].name, entry)}
              </li>
            ))}
          </ul>
          <p className="team-day__unassigned-note">{t('dayPlan.unassignedNote')}</p>
        </div>
      ) : null}

      <div className="team-day__drivers">
        {outcome.drivers.map((driver) => (
          <DriverCard
            key={driver.number}
            driver={driver}
            name={outcome.names[driver.number - 1] ?? ''}
            capacity={outcome.team[driver.number - 1]?.capacity}
            stops={stops}
            title={team.titles[driver.number] ?? ''}
            onTitleChange={(value) => team.setTitle(driver.number, value)}
            format={format}
            saved={saving.saved.get(driver.number)}
            onWaze={onWaze}
            busy={savingAll}
            move={moveFor(driver)}
          />
        ))}
      </div>

      <div className="team-day__save">
        {signedIn ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={savingAll || saving.status === 'done' || team.driversWithStops.length === 0}
            onClick={team.saveAll}
          >
            {savingAll
              ? t('dayPlan.savingAll', {
                  saved: saving.saved.size,
                  total: team.driversWithStops.length,
                })
              : t('dayPlan.saveAll')}
          </button>
        ) : (
          <p className="team-day__sign-in">
            {t('dayPlan.signInToSaveAll')}{' '}
            <Link to={paths.login({ returnTo: location.pathname })}>{t('nav.login')}</Link>
          </p>
        )}
        <p className="team-day__saved" role="status">
          {saving.status === 'done' ? (
            <>
              {t('dayPlan.savedAll', { count: saving.saved.size })}{' '}
              <Link to={paths.dashboard()}>{t('dashboard.title')}</Link>{' '}
              <button
                type="button"
                className="button button--small"
                onClick={() => setSendingToDrivers(true)}
              >
                {t('driverLink.sendAll')}
              </button>
            </>
          ) : null}
        </p>
        {sendingToDrivers ? (
          <SendToDriverDialog
            routes={[...saving.saved.values()]}
            onClose={() => setSendingToDrivers(false)}
          />
        ) : null}
        {saving.status === 'failed' ? (
          <p className="team-day__error" role="alert">
            {t('dayPlan.saveAllFailed')}
          </p>
        ) : null}
      </div>
    </>
  );
}
