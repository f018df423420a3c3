import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { useTeamForm } from '../hooks/use-team-form.ts';
import {
  MAX_DRIVERS,
  MIN_DRIVERS,
  MIN_SPLIT_STOPS,
  SPLIT_OBJECTIVES,
  driversOf,
  type SplitObjective,
} from '../model/split-form.ts';
import { DriverSettings } from './DriverSettings.tsx';
import type { RenderPlaceSearch } from './PlaceChoice.tsx';

const OBJECTIVE_TEXTS = {
  makespan: 'dayPlan.objectiveFinish',
  distance: 'dayPlan.objectiveDistance',
  vehicles: 'dayPlan.objectiveFewest',
} as const satisfies Record<SplitObjective, string>;

export interface SplitFormProps {
  form: ReturnType<typeof useTeamForm>;
  tooFew: boolean;
  locked: boolean;
  running: boolean;
  onSplit: () => void;
  onStop: () => void;
  departureTime: string;
  depotName: string;
  renderPlaceSearch?: RenderPlaceSearch;
}

/**
 * The split's form: how many drivers, what matters most (the balanced day first), the most
 * working hours, each driver's own settings, and Split (Stop while it searches).
 */
export function SplitForm({
  form,
  tooFew,
  locked,
  running,
  onSplit,
  onStop,
  departureTime,
  depotName,
  renderPlaceSearch,
}: SplitFormProps) {
  const { t } = useTranslation();
  const ids = {
    drivers: useId(),
    driversError: useId(),
    hours: useId(),
    hoursError: useId(),
    tooFew: useId(),
  };
  const { values, issues, update, updateDriver } = form;
  const count = Number(values.drivers);
  const shownDrivers =
    Number.isInteger(count) && count >= MIN_DRIVERS && count <= MAX_DRIVERS ? count : 0;
  return (
    <form
      className="team-day__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSplit();
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
          value={values.drivers}
          disabled={locked}
          aria-invalid={issues.drivers !== undefined}
          aria-describedby={issues.drivers ? ids.driversError : undefined}
          onChange={(event) => update({ drivers: event.target.value })}
        />
        {issues.drivers ? (
          <p id={ids.driversError} className="team-day__error" role="alert">
            {t('dayPlan.driversInvalid')}
          </p>
        ) : null}
      </div>

      <fieldset className="team-day__choices" disabled={locked}>
        <legend className="form-label">{t('dayPlan.objectiveLabel')}</legend>
        {SPLIT_OBJECTIVES.map((objective) => (
          <label key={objective} className="team-day__choice">
            <input
              type="radio"
              name="split-objective"
              value={objective}
              checked={values.objective === objective}
              onChange={() => update({ objective })}
            />
            {t(OBJECTIVE_TEXTS[objective])}
          </label>
        ))}
      </fieldset>

      <div className="form-field">
        <label htmlFor={ids.hours} className="form-label">
          {t('dayPlan.maxHoursLabel')}
        </label>
        <input
          id={ids.hours}
          className="form-input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.maxHours}
          disabled={locked}
          aria-invalid={issues.maxHours !== undefined}
          aria-describedby={issues.maxHours ? ids.hoursError : undefined}
          onChange={(event) => update({ maxHours: event.target.value })}
        />
        {issues.maxHours ? (
          <p id={ids.hoursError} className="team-day__error" role="alert">
            {t('dayPlan.limitInvalid')}
          </p>
        ) : null}
      </div>

      {shownDrivers > 0 ? (
        <fieldset className="team-day__drivers-settings">
          <legend className="form-label">{t('dayPlan.driversSettings')}</legend>
          {driversOf(values, shownDrivers).map((fields, index) => (
            <DriverSettings
              key={index}
              number={index + 1}
              fields={fields}
              issues={issues.team?.[index]}
              onChange={(change) => updateDriver(index, change)}
              departureTime={departureTime}
              depotName={depotName}
              renderPlaceSearch={renderPlaceSearch}
              disabled={locked}
            />
          ))}
        </fieldset>
      ) : null}

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
            onClick={onStop}
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
  );
}
