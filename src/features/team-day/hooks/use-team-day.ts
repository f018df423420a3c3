import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { randomUuid } from '@domain/random-uuid.ts';
import { deviceTimeZone } from '@/lib/day-plan';
import { OptimizeCancelledError } from '@/lib/optimizer/cancelled.ts';
import { readSplitForm, driversOf } from '../model/split-form.ts';
import { moveStop } from '../model/move-stop.ts';
import { driverItinerary, driverTitle, planForSplit } from '../model/team-plan.ts';
import { useSaveTeam } from './use-save-team.ts';
import { useSplitDay, type SplitOutcome } from './use-split-day.ts';
import { useTeamForm } from './use-team-form.ts';

/**
 * The split's behaviour: the day it plans (the route's, or leaving now), the form kept on the
 * device, the split run in the worker (its progress, Stop), the outcome with each driver's
 * editable title, and 'Save all' (one itinerary per driver, one day group).
 */
export function useTeamDay(stops: readonly Stop[], plan: DayPlan | null, title: string) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const dayPlan = useMemo(() => planForSplit(plan, now, deviceTimeZone()), [plan, now]);
  const departure = parseDeparture(dayPlan.departure)!.instant;
  const form = useTeamForm();
  const splitting = useSplitDay();
  const saving = useSaveTeam();
  /** The split, with the drivers' names as they were when it ran. */
  const [outcome, setOutcome] = useState<(SplitOutcome & { names: string[] }) | null>(null);
  const [failed, setFailed] = useState(false);
  const [titles, setTitles] = useState<Readonly<Record<number, string>>>({});
  const [dayGroup, setDayGroup] = useState('');

  const running = splitting.status === 'running';
  // While 'Save all' runs the split stays as it is: its drivers are the ones being saved.
  const savingAll = saving.status === 'saving';
  /** "Monday — Alice", or "Monday — Driver 2" for a driver without a name. */
  const titleFor = (number: number, name = ''): string =>
    driverTitle(title, number, (base, n) =>
      name
        ? t('dayPlan.driverTitleNamed', { title: base, name })
        : t('dayPlan.driverTitle', { title: base, number: n }),
    );

  const run = async () => {
    if (running || savingAll) return;
    const read = readSplitForm(form.values, dayPlan, departure);
    if (!read.ok) {
      form.setIssues(read.issues);
      return;
    }
    form.setIssues({});
    form.remember();
    setFailed(false);
    setOutcome(null);
    saving.reset();
    try {
      const result = await splitting.split(stops, dayPlan, read.team, read.objective);
      const fields = driversOf(form.values, result.team.length);
      setOutcome({ ...result, names: fields.map((driver) => driver.name.trim()) });
      setTitles(
        Object.fromEntries(
          result.drivers.map((driver) => [
            driver.number,
            titleFor(driver.number, fields[driver.number - 1].name.trim()),
          ]),
        ),
      );
      setDayGroup(randomUuid());
    } catch (error) {
      if (!(error instanceof OptimizeCancelledError)) {
        console.error('Splitting the day failed', error);
        setFailed(true);
      }
    }
  };

  const driversWithStops = useMemo(
    () => outcome?.drivers.filter((driver) => driver.served.length > 0) ?? [],
    [outcome],
  );

  /** Moves a stop of the split to driver `to` (until the split is saved). */
  const move = (stop: number, to: number) => {
    if (savingAll || saving.status === 'done') return;
    setOutcome((current) => {
      const drivers = current && moveStop(current, stops, stop, to);
      return drivers ? { ...current, drivers } : current;
    });
  };

  const saveAll = () => {
    if (!outcome) return;
    void saving.saveAll(
      driversWithStops.map((driver) => ({
        number: driver.number,
        input: driverItinerary(
          stops,
          outcome.plan,
          driver,
          outcome.team[driver.number - 1].leaves,
          titles[driver.number]?.trim() ||
            titleFor(driver.number, outcome.names[driver.number - 1]),
          dayGroup,
        ),
      })),
    );
  };

  return {
    dayPlan,
    departure,
    form,
    splitting,
    running,
    savingAll,
    locked: running || savingAll,
    outcome,
    failed,
    driversWithStops,
    titles,
    setTitle: (number: number, value: string) =>
      setTitles((current) => ({ ...current, [number]: value })),
    run,
    move,
    /** Stops can be moved between drivers: a split, not saved, not being saved. */
    movable: outcome !== null && !savingAll && saving.status !== 'done',
    saving,
    saveAll,
  };
}
