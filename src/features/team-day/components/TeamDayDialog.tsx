import { useId, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import { endOf, type DayPlan } from '@domain/day-plan/day-plan.ts';
import type { LatLng, RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { Dialog } from '@/components/Dialog';
import type { CameraRequest } from '@/components/map';
import { paths } from '@/config/paths';
import { deviceTimeZone, useTimeFormat } from '@/lib/day-plan';
import { unreachableText } from '@/lib/day-plan/unreachable-text';
import {
  ROAD_TIMES_MAX_PLACES,
  STRAIGHT_SPEED_KMH,
  endPlaceOf,
} from '@/lib/optimizer/day-problem.ts';
import { OptimizeCancelledError } from '@/lib/optimizer/optimize-client.ts';
import { routeLegsQueryOptions } from '@/lib/routing';
import { useSaveTeam } from '../hooks/useSaveTeam.ts';
import { useSplitDay, type SplitOutcome } from '../hooks/useSplitDay.ts';
import {
  MAX_DRIVERS,
  MIN_DRIVERS,
  MIN_SPLIT_STOPS,
  initialSplitForm,
  readSplitForm,
  type SplitFormIssues,
  type SplitFormValues,
} from '../model/split-form.ts';
import {
  driverItinerary,
  driverTitle,
  planForSplit,
  type DriverRoute,
} from '../model/team-plan.ts';
import { DriverCard } from './DriverCard.tsx';
import { TeamMap } from './TeamMap.tsx';
import '@/components/forms.css';
import './team-day.css';

export interface TeamDayDialogProps {
  /** The route's stops in order; the first is the depot when all start there. */
  stops: readonly Stop[];
  /** The route's working day (a split without a departure leaves now). */
  plan: DayPlan | null;
  /** The route's title (or its automatic one): the drivers' titles start with it. */
  title: string;
  signedIn: boolean;
  /** Hands a stop to Waze. */
  onWaze: (point: LatLng) => void;
  onClose: () => void;
}

/** Each route-legs answer's legs (stable while the answers are: TanStack Query memoises it). */
const legsOfEach = (results: readonly { data?: { legs: RouteLeg[] } }[]) =>
  results.map((result) => result.data?.legs);

/**
 * Where a driver's day goes after the last stop, when it goes on: the end rule the optimiser
 * planned with (`endPlaceOf`; without a shared start, 'back to the start' plans no way back).
 */
function endPointOf(
  plan: DayPlan,
  stops: readonly Stop[],
  driver: DriverRoute,
  sharedStart: boolean,
): LatLng | null {
  const place = endPlaceOf(plan, driver.order, stops.length, { sharedStart });
  if (place === null) return null;
  if (place < stops.length) return { lat: stops[place].lat, lng: stops[place].lng };
  const end = endOf(plan);
  return typeof end === 'object' ? { lat: end.lat, lng: end.lng } : null;
}

/**
 * 'Split among drivers': how many drivers, what matters most, the limits, whether all start at
 * the depot; the split searched in a Web Worker (the drivers in use so far, Stop), then every
 * driver's route in its own colour on one map with its stops, times and totals, the stops no
 * driver can take, and 'Save all' (one itinerary per driver, titles editable, one day group),
 * after which each has its share link, navigation page and Waze hand-off.
 */
export function TeamDayDialog({
  stops,
  plan,
  title,
  signedIn,
  onWaze,
  onClose,
}: TeamDayDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const ids = {
    drivers: useId(),
    driversError: useId(),
    maxStops: useId(),
    maxStopsError: useId(),
    maxHours: useId(),
    maxHoursError: useId(),
    sameStart: useId(),
    tooFew: useId(),
  };
  const [now] = useState(() => Date.now());
  const dayPlan = useMemo(() => planForSplit(plan, now, deviceTimeZone()), [plan, now]);
  const format = useTimeFormat(dayPlan.timeZone);
  const departure = parseDeparture(dayPlan.departure)!.instant;

  const [form, setForm] = useState<SplitFormValues>(initialSplitForm);
  const [issues, setIssues] = useState<SplitFormIssues>({});
  const splitting = useSplitDay();
  const [outcome, setOutcome] = useState<SplitOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  const [titles, setTitles] = useState<Readonly<Record<number, string>>>({});
  const [dayGroup, setDayGroup] = useState('');
  const saving = useSaveTeam();
  const [camera, setCamera] = useState<CameraRequest | null>(() => ({
    id: 1,
    kind: 'fit',
    points: stops,
  }));

  const running = splitting.status === 'running';
  // While 'Save all' runs the split stays as it is: its drivers are the ones being saved.
  const savingAll = saving.status === 'saving';
  const locked = running || savingAll;
  const tooFew = stops.length < MIN_SPLIT_STOPS;
  const update = (values: Partial<SplitFormValues>) =>
    setForm((current) => ({ ...current, ...values }));
  const pattern = (base: string, number: number) =>
    t('dayPlan.driverTitle', { title: base, number });

  const run = async () => {
    if (locked) return;
    const read = readSplitForm(form);
    if (!read.ok) {
      setIssues(read.issues);
      return;
    }
    setIssues({});
    setFailed(false);
    setOutcome(null);
    saving.reset();
    try {
      const result = await splitting.split(stops, dayPlan, read.options);
      setOutcome(result);
      setTitles(
        Object.fromEntries(
          result.drivers.map((driver) => [
            driver.number,
            driverTitle(title, driver.number, pattern),
          ]),
        ),
      );
      setDayGroup(crypto.randomUUID());
      setCamera((previous) => ({ id: (previous?.id ?? 0) + 1, kind: 'fit', points: stops }));
    } catch (error) {
      if (!(error instanceof OptimizeCancelledError)) {
        console.error('Splitting the day failed', error);
        setFailed(true);
      }
    }
  };

  const driversWithStops = useMemo(
    () => outcome?.drivers.filter((driver) => driver.order.length > 0) ?? [],
    [outcome],
  );
  const saveAll = () => {
    if (!outcome) return;
    void saving.saveAll(
      driversWithStops.map((driver) => ({
        number: driver.number,
        input: driverItinerary(
          stops,
          dayPlan,
          driver,
          titles[driver.number]?.trim() || driverTitle(title, driver.number, pattern),
          dayGroup,
          outcome.sharedStart,
        ),
      })),
    );
  };

  // Each driver's road lines, asked of the route service once the split is there.
  const endPoints = useMemo(() => {
    const ends = new Map<number, LatLng>();
    if (!outcome) return ends;
    for (const driver of outcome.drivers) {
      const end = endPointOf(dayPlan, stops, driver, outcome.sharedStart);
      if (end) ends.set(driver.number, end);
    }
    return ends;
  }, [outcome, dayPlan, stops]);
  const legQueries = useQueries({
    queries: driversWithStops.map((driver) => {
      const points: LatLng[] = driver.order.map((index) => ({
        lat: stops[index].lat,
        lng: stops[index].lng,
      }));
      const end = endPoints.get(driver.number);
      if (end) points.push(end);
      return { ...routeLegsQueryOptions(points), placeholderData: undefined };
    }),
    combine: legsOfEach,
  });
  const legs = useMemo(() => {
    const byDriver = new Map<number, readonly RouteLeg[]>();
    driversWithStops.forEach((driver, index) => {
      const data = legQueries[index];
      if (data) byDriver.set(driver.number, data);
    });
    return byDriver;
  }, [driversWithStops, legQueries]);

  let progress = '';
  if (running) {
    progress =
      splitting.progressDrivers === null
        ? t('optimize.running')
        : t('dayPlan.splitRunning', { count: splitting.progressDrivers });
  } else if (outcome) {
    progress = t('dayPlan.splitDone', { count: driversWithStops.length });
  }

  const fieldError = (id: string, issue: string | undefined, text: string) =>
    issue ? (
      <p id={id} className="team-day__error" role="alert">
        {text}
      </p>
    ) : null;

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
            drivers={outcome?.drivers ?? null}
            sharedStart={outcome?.sharedStart ?? true}
            unassigned={outcome?.unassigned.map((entry) => entry.stop) ?? []}
            legs={legs}
            endPoints={endPoints}
            camera={camera}
          />
        </div>
        <div className="team-day__panel">
          <form
            className="team-day__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void run();
            }}
          >
            <div className="form-field">
              <label htmlFor={ids.drivers} className="form-label">
                {t('dayPlan.driversLabel')}
              </label>
              <input
                id={ids.drivers}
                className="form-input"
                type="number"
                inputMode="numeric"
                min={MIN_DRIVERS}
                max={MAX_DRIVERS}
                step={1}
                value={form.drivers}
                disabled={locked}
                aria-invalid={issues.drivers !== undefined}
                aria-describedby={issues.drivers ? ids.driversError : undefined}
                onChange={(event) => update({ drivers: event.target.value })}
              />
              {fieldError(ids.driversError, issues.drivers, t('dayPlan.driversInvalid'))}
            </div>

            <fieldset className="team-day__choices" disabled={locked}>
              <legend className="form-label">{t('dayPlan.objectiveLabel')}</legend>
              {(
                [
                  ['distance', 'dayPlan.objectiveDistance'],
                  ['makespan', 'dayPlan.objectiveFinish'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="team-day__choice">
                  <input
                    type="radio"
                    name="split-objective"
                    value={value}
                    checked={form.objective === value}
                    onChange={() => update({ objective: value })}
                  />
                  {t(label)}
                </label>
              ))}
            </fieldset>

            <div className="team-day__limits">
              <div className="form-field">
                <label htmlFor={ids.maxStops} className="form-label">
                  {t('dayPlan.maxStopsLabel')}
                </label>
                <input
                  id={ids.maxStops}
                  className="form-input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={form.maxStops}
                  disabled={locked}
                  aria-invalid={issues.maxStops !== undefined}
                  aria-describedby={issues.maxStops ? ids.maxStopsError : undefined}
                  onChange={(event) => update({ maxStops: event.target.value })}
                />
                {fieldError(ids.maxStopsError, issues.maxStops, t('dayPlan.limitInvalid'))}
              </div>
              <div className="form-field">
                <label htmlFor={ids.maxHours} className="form-label">
                  {t('dayPlan.maxHoursLabel')}
                </label>
                <input
                  id={ids.maxHours}
                  className="form-input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={form.maxHours}
                  disabled={locked}
                  aria-invalid={issues.maxHours !== undefined}
                  aria-describedby={issues.maxHours ? ids.maxHoursError : undefined}
                  onChange={(event) => update({ maxHours: event.target.value })}
                />
                {fieldError(ids.maxHoursError, issues.maxHours, t('dayPlan.limitInvalid'))}
              </div>
            </div>

            <label className="team-day__choice" htmlFor={ids.sameStart}>
              <input
                id={ids.sameStart}
                type="checkbox"
                checked={form.sharedStart}
                disabled={locked}
                onChange={(event) => update({ sharedStart: event.target.checked })}
              />
              {t('dayPlan.sameStartLabel')}
            </label>

            <div className="team-day__actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={locked || tooFew}
                aria-describedby={tooFew ? ids.tooFew : undefined}
              >
                {t('dayPlan.splitRun')}
              </button>
              {running ? (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('dayPlan.splitStopLabel')}
                  onClick={splitting.stop}
                >
                  {t('dayPlan.optimizeStop')}
                </button>
              ) : null}
            </div>
            {tooFew ? (
              <p id={ids.tooFew} className="form-hint">
                {t('dayPlan.splitNeedsStops', { count: MIN_SPLIT_STOPS })}
              </p>
            ) : null}
          </form>

          <p className="team-day__status" role="status">
            {progress}
          </p>
          {failed ? (
            <p className="team-day__error" role="alert">
              {t('dayPlan.splitFailed')}
            </p>
          ) : null}

          {outcome && !running ? (
            <>
              <p className="form-hint">
                {outcome.cost === 'road'
                  ? t('dayPlan.costRoadTimes')
                  : t('dayPlan.costStraightTimes', {
                      speed: STRAIGHT_SPEED_KMH,
                      max: ROAD_TIMES_MAX_PLACES,
                    })}
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
                    stops={stops}
                    sharedStart={outcome.sharedStart}
                    title={titles[driver.number] ?? ''}
                    onTitleChange={(value) =>
                      setTitles((current) => ({ ...current, [driver.number]: value }))
                    }
                    format={format}
                    saved={saving.saved.get(driver.number)}
                    onWaze={onWaze}
                    busy={savingAll}
                  />
                ))}
              </div>

              <div className="team-day__save">
                {signedIn ? (
                  <button
                    type="button"
                    className="button button--primary button--block"
                    disabled={
                      savingAll || saving.status === 'done' || driversWithStops.length === 0
                    }
                    onClick={saveAll}
                  >
                    {savingAll ? t('dayPlan.savingAll') : t('dayPlan.saveAll')}
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
                      <Link to={paths.dashboard()}>{t('dashboard.title')}</Link>
                    </>
                  ) : null}
                </p>
                {saving.status === 'failed' ? (
                  <p className="team-day__error" role="alert">
                    {t('dayPlan.saveAllFailed')}
                  </p>
                ) : null}
              </div>
            </>
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
