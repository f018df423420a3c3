import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STOP_LOAD, STOP_LOAD_MAX } from '@domain/day-plan/day-plan.ts';
import { loadFromField } from '../../model/day-plan';

export interface StopLoadFieldProps {
  /** The id of the input (its hint's id is derived from it). */
  id: string;
  /** The stop's load as saved; undefined: none (it counts DEFAULT_STOP_LOAD). */
  load: number | undefined;
  /** Called with each value the field reads as a load (undefined: none). */
  onChange: (load: number | undefined) => void;
}

/**
 * A stop's load: what it takes from a driver's capacity when the day is split among drivers.
 * What is typed stays on screen; only a whole number 0-9999 (or nothing) reaches the route.
 */
export function StopLoadField({ id, load, onChange }: StopLoadFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? (load === undefined ? '' : String(load));
  const invalid = loadFromField(value) === 'invalid';
  return (
    <div className="stop-day__field">
      <label className="stop-item__note-label" htmlFor={id}>
        {t('dayPlan.loadLabel')}
      </label>
      <input
        id={id}
        className="form-input stop-day__minutes"
        type="number"
        inputMode="numeric"
        min={0}
        max={STOP_LOAD_MAX}
        step={1}
        placeholder={String(DEFAULT_STOP_LOAD)}
        value={value}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const read = loadFromField(event.target.value);
          if (read !== 'invalid') onChange(read);
        }}
        onBlur={() => {
          if (!invalid) setText(null);
        }}
      />
      <span id={`${id}-hint`} className={invalid ? 'day-plan__error' : 'stop-day__hint'}>
        {invalid
          ? t('dayPlan.loadInvalid', { max: STOP_LOAD_MAX })
          : t('dayPlan.loadHint', { count: DEFAULT_STOP_LOAD })}
      </span>
    </div>
  );
}
