import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, wallClockAt } from '@domain/day-plan/clock.ts';
import { planZone, type DayPlan } from '@domain/day-plan/day-plan.ts';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { Dialog } from '@/components/Dialog';
import { useTimeFormat } from '@/lib/day-plan';
import { roadTimesProgressText } from '@/lib/optimizer/road-times-text.ts';
import { useDriverLegs } from '../hooks/use-driver-legs.ts';
import { useSplitCamera } from '../hooks/use-split-camera.ts';
import { useTeamDay } from '../hooks/use-team-day.ts';
import { MIN_SPLIT_STOPS } from '../model/split-form.ts';
import { teamPins } from '../model/team-markers.ts';
import type { RenderPlaceSearch } from './PlaceChoice.tsx';
import { ShowDriver } from './ShowDriver.tsx';
import { SplitForm } from './SplitForm.tsx';
import { SplitResults } from './SplitResults.tsx';
import { TeamMap } from './TeamMap.tsx';
import '@/components/forms.css';
import './team-day.css';

export interface TeamDayDialogProps {
  /** The route's stops in order; the first is the depot. */
  stops: readonly Stop[];
  /** The route's working day (a split without a departure leaves now). */
  plan: DayPlan | null;
  /** The route's title (or its automatic one): the drivers' titles start with it. */
  title: string;
  signedIn: boolean;
  /** Hands a stop to Waze. */
  onWaze: (point: LatLng) => void;
  /** The address search for a driver's own start or end (the page's geocoding search). */
  renderPlaceSearch?: RenderPlaceSearch;
  onClose: () => void;
}

/**
 * 'Split among drivers': the team (how many, what matters most, each driver's own day), the
 * split searched in a Web Worker (the drivers in use so far, Stop), then every driver's route in
 * its own colour on one map (all, or one at a time) with its stops, times and totals, the stops
 * no driver can take, and 'Save all' (one itinerary per driver, one day group), after which each
 * has its share link, navigation page and Waze hand-off.
 */
export function TeamDayDialog({
  stops,
  plan,
  title,
  signedIn,
  onWaze,
  renderPlaceSearch,
  onClose,
}: TeamDayDialogProps) {
  const { t } = useTranslation();
  const team = useTeamDay(stops, plan, title);
  const { dayPlan, departure, outcome, splitting } = team;
  const format = useTimeFormat(dayPlan.timeZone);
  const [shown, setShown] = useState<number | null>(null);
  const drivers = outcome?.drivers ?? null;
  const pins = useMemo(
    () => teamPins(stops, drivers, outcome?.unassigned.map((entry) => entry.stop) ?? [], shown),
    [stops, drivers, outcome, shown],
  );
  const camera = useSplitCamera(stops, outcome?.day ?? null, drivers, pins, shown);
  const legs = useDriverLegs(stops, team.driversWithStops);
  const zone = planZone(dayPlan);
  const departureTime = zone ? formatClock(Math.round(wallClockAt(departure, zone).minutes)) : '';

  const split = () => {
    setShown(null);
    void team.run();
  };

  let progress = '';
  if (team.running) {
    progress =
      splitting.progress === null
        ? t('optimize.running')
        : splitting.progress.kind === 'road-times'
          ? roadTimesProgressText(splitting.progress, t)
          : t('dayPlan.splitRunning', { count: splitting.progress.drivers });
  } else if (outcome) {
    progress = t('dayPlan.splitDone', { count: team.driversWithStops.length });
  }

  return (
    <Dialog
      className="team-day-dialog"
      title={t('dayPlan.splitTitle')}
      description={<p>{t('dayPlan.departs', { time: format.dayAndTime(departure) })}</p>}
      onCancel={onClose}
    >
      <div className="team-day">
        <div className="team-day__map">
          <TeamMap
            stops={stops}
            pins={pins}
            drivers={drivers}
            shown={shown}
            legs={legs}
            camera={camera}
            overlay={
              outcome && team.driversWithStops.length > 1 && !team.running ? (
                <ShowDriver
                  drivers={outcome.drivers}
                  names={outcome.names}
                  shown={shown}
                  onShow={setShown}
                />
              ) : null
            }
          />
        </div>
        <div className="team-day__panel">
          <SplitForm
            form={team.form}
            tooFew={stops.length < MIN_SPLIT_STOPS}
            locked={team.locked}
            running={team.running}
            onSplit={split}
            onStop={splitting.stop}
            departureTime={departureTime}
            depotName={stops[0]?.name ?? ''}
            renderPlaceSearch={renderPlaceSearch}
          />
          <p className="team-day__status" role="status">
            {progress}
          </p>
          {team.failed ? (
            <p className="team-day__error" role="alert">
              {t('dayPlan.splitFailed')}
            </p>
          ) : null}
          {outcome && !team.running ? (
            <SplitResults
              team={team}
              stops={stops}
              format={format}
              signedIn={signedIn}
              onWaze={onWaze}
            />
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('dayPlan.splitClose')}
            </button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
