import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DRIVER_CAPACITY_MAX,
  type DriverFields,
  type SplitFormIssues,
} from '../model/split-form.ts';
import { PlaceChoice, type RenderPlaceSearch } from './PlaceChoice.tsx';

export interface DriverSettingsProps {
  number: number;
  fields: DriverFields;
  issues: NonNullable<SplitFormIssues['team']>[number] | undefined;
  onChange: (change: Partial<DriverFields>) => void;
  /** The departure's time, what an empty start time means ("08:00"). */
  departureTime: string;
  depotName: string;
  renderPlaceSearch?: RenderPlaceSearch;
  disabled: boolean;
}

const ISSUE_TEXTS = {
  'time-invalid': 'dayPlan.driverTimeInvalid',
  'end-before-start': 'dayPlan.driverShiftEndsEarly',
  'limit-invalid': 'dayPlan.limitInvalid',
} as const;

/**
 * One driver's settings, folded under a summary line ("Alice · 08:00 · depot"): the name, the
 * start time and the end of the shift, where the day starts and ends, the most stops and the
 * capacity.
 */
export function DriverSettings({
  number,
  fields,
  issues,
  onChange,
  departureTime,
  depotName,
  renderPlaceSearch,
  disabled,
}: DriverSettingsProps) {
  const { t } = useTranslation();
  const ids = {
    name: useId(),
    start: useId(),
    end: useId(),
    stops: useId(),
    capacity: useId(),
    error: useId(),
  };
  const where = (value: DriverFields['start']) =>
    typeof value === 'object'
      ? value.name
      : value === 'depot'
        ? t('dayPlan.atDepot')
        : t('dayPlan.startFirstStop');
  const summary = [
    fields.name.trim() || t('dayPlan.driverName', { number }),
    fields.startTime || departureTime,
    where(fields.start),
  ].join(' · ');
  type Checked = 'startTime' | 'endTime' | 'maxStops' | 'capacity';
  const error = (field: Checked) =>
    issues?.[field] ? (
      <p id={`${ids.error}-${field}`} className="team-day__error" role="alert">
        {t(ISSUE_TEXTS[issues[field]])}
      </p>
    ) : null;
  const described = (field: Checked, hint?: string) =>
    [issues?.[field] ? `${ids.error}-${field}` : null, hint].filter(Boolean).join(' ') || undefined;
  const text = (
    id: string,
    label: string,
    field: 'name' | Checked,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        value={fields[field]}
        disabled={disabled}
        aria-invalid={field !== 'name' && issues?.[field] !== undefined}
        aria-describedby={field === 'name' ? undefined : described(field, hint && `${id}-hint`)}
        onChange={(event) => onChange({ [field]: event.target.value })}
        {...extra}
      />
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {field === 'name' ? null : error(field)}
    </div>
  );
  return (
    <details className="team-day__driver" open={issues !== undefined ? true : undefined}>
      <summary className="team-day__driver-summary">{summary}</summary>
      {text(ids.name, t('dayPlan.driverNameLabel', { number }), 'name', { maxLength: 60 })}
      <div className="team-day__limits">
        {text(ids.start, t('dayPlan.driverStartTimeLabel', { number }), 'startTime', {
          type: 'time',
          placeholder: departureTime,
        })}
        {text(ids.end, t('dayPlan.driverEndTimeLabel', { number }), 'endTime', { type: 'time' })}
      </div>
      <PlaceChoice
        label={t('dayPlan.driverStartLabel', { number })}
        options={[
          { value: 'depot', label: t('dayPlan.startDepot', { name: depotName }) },
          { value: 'first-stop', label: t('dayPlan.startFirstStop') },
        ]}
        value={fields.start}
        onChange={(start) => onChange({ start })}
        placeLabel={t('dayPlan.ownPlace')}
        searchLabel={t('dayPlan.driverStartSearch', { number })}
        renderPlaceSearch={renderPlaceSearch}
        disabled={disabled}
      />
      <PlaceChoice
        label={t('dayPlan.driverEndLabel', { number })}
        options={[
          { value: 'start', label: t('dayPlan.endBack') },
          { value: 'last-stop', label: t('dayPlan.endLastStop') },
          { value: 'depot', label: t('dayPlan.endDepot', { name: depotName }) },
        ]}
        value={fields.end}
        onChange={(end) => onChange({ end })}
        placeLabel={t('dayPlan.ownPlace')}
        searchLabel={t('dayPlan.driverEndSearch', { number })}
        renderPlaceSearch={renderPlaceSearch}
        disabled={disabled}
      />
      <div className="team-day__limits">
        {text(ids.stops, t('dayPlan.driverMaxStopsLabel', { number }), 'maxStops', {
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          step: 1,
        })}
        {text(
          ids.capacity,
          t('dayPlan.driverCapacityLabel', { number }),
          'capacity',
          { type: 'number', inputMode: 'numeric', min: 1, max: DRIVER_CAPACITY_MAX, step: 1 },
          t('dayPlan.driverCapacityHint'),
        )}
      </div>
    </details>
  );
}
