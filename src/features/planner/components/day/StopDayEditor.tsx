import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_MINUTES_MAX,
  type StopDayFields,
  type StopLock,
} from '@domain/day-plan/day-plan.ts';
import {
  serviceFromField,
  windowFormIssue,
  windowFromFields,
  type WindowFormIssue,
} from '../../model/day-plan';
import { StopLoadField } from './StopLoadField';
import './DayPlan.css';

export interface StopDayEditorProps {
  /** The stop's fields as saved in the route. */
  fields: StopDayFields;
  /** Its number in the list (labels say "stop 3"). */
  number: number;
  /** The route's default time at a stop (shown as the placeholder). */
  defaultMinutes: number;
  /** The first stop is where the day starts: no time there, no window, no lock. */
  isStart: boolean;
  onChange: (fields: StopDayFields) => void;
}

const WINDOW_MESSAGES = {
  'needs-both': 'dayPlan.windowNeedsBoth',
  'outside-day': 'dayPlan.windowOutsideDay',
  'end-before-start': 'dayPlan.windowEndBeforeStart',
} as const satisfies Record<WindowFormIssue, string>;

/**
 * A stop's own time at the stop, its window "arrive between HH:MM and HH:MM", its lock
 * (first / last) and its load, in the stop's edit panel. A window that is not a window yet (one
 * end only, the end before the start) is said so here and never reaches the route, let alone the
 * server.
 */
export function StopDayEditor({
  fields,
  number,
  defaultMinutes,
  isStart,
  onChange,
}: StopDayEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [serviceText, setServiceText] = useState<string | null>(null);
  const [windowDraft, setWindowDraft] = useState<{ start: string; end: string } | null>(null);
  const service =
    serviceText ?? (fields.serviceMinutes === undefined ? '' : String(fields.serviceMinutes));
  const serviceInvalid = serviceFromField(service) === 'invalid';
  const windowStart = windowDraft?.start ?? fields.window?.start ?? '';
  const windowEnd = windowDraft?.end ?? fields.window?.end ?? '';
  const windowIssue = windowFormIssue(windowStart, windowEnd);

  if (isStart) {
    return <p className="stop-day__start">{t('dayPlan.startExplained')}</p>;
  }

  const without = <K extends keyof StopDayFields>(key: K): StopDayFields => {
    const { [key]: _removed, ...rest } = fields;
    return rest;
  };

  const setWindow = (start: string, end: string) => {
    setWindowDraft({ start, end });
    if (start === '' && end === '') {
      if (fields.window) onChange(without('window'));
      return;
    }
    const window = windowFromFields(start, end);
    if (window) onChange({ ...without('window'), window });
  };

  return (
    <fieldset className="stop-day">
      <legend className="stop-day__legend">{t('dayPlan.stopTimesLegend', { number })}</legend>
      <div className="stop-day__row">
        <div className="stop-day__field">
          <label className="stop-item__note-label" htmlFor={`${id}-service`}>
            {t('dayPlan.serviceLabel')}
          </label>
          <input
            id={`${id}-service`}
            className="form-input stop-day__minutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={SERVICE_MINUTES_MAX}
            step={1}
            placeholder={String(defaultMinutes)}
            value={service}
            aria-invalid={serviceInvalid}
            aria-describedby={`${id}-service-hint`}
            onChange={(event) => {
              const text = event.target.value;
              setServiceText(text);
              const minutes = serviceFromField(text);
              if (minutes === 'invalid') return;
              onChange(
                minutes === undefined
                  ? without('serviceMinutes')
                  : { ...without('serviceMinutes'), serviceMinutes: minutes },
              );
            }}
            onBlur={() => {
              if (!serviceInvalid) setServiceText(null);
            }}
          />
          <span
            id={`${id}-service-hint`}
            className={serviceInvalid ? 'day-plan__error' : 'stop-day__hint'}
          >
            {serviceInvalid
              ? t('dayPlan.serviceInvalid', { max: SERVICE_MINUTES_MAX })
              : t('dayPlan.serviceHint', { minutes: defaultMinutes })}
          </span>
        </div>
        <div className="stop-day__field">
          <label className="stop-item__note-label" htmlFor={`${id}-lock`}>
            {t('dayPlan.lockLabel')}
          </label>
          <select
            id={`${id}-lock`}
            className="form-input"
            value={fields.lock ?? ''}
            onChange={(event) => {
              const lock = event.target.value as StopLock | '';
              onChange(lock === '' ? without('lock') : { ...without('lock'), lock });
            }}
          >
            <option value="">{t('dayPlan.lockNone')}</option>
            <option value="first">{t('dayPlan.lockFirst')}</option>
            <option value="last">{t('dayPlan.lockLast')}</option>
          </select>
        </div>
        <StopLoadField
          id={`${id}-load`}
          load={fields.load}
          onChange={(load) =>
            onChange(load === undefined ? without('load') : { ...without('load'), load })
          }
        />
      </div>
      <div className="stop-day__window" role="group" aria-labelledby={`${id}-window`}>
        <span id={`${id}-window`} className="stop-item__note-label">
          {t('dayPlan.windowLabel')}
        </span>
        <div className="stop-day__row">
          <label className="visually-hidden" htmlFor={`${id}-from`}>
            {t('dayPlan.windowFrom', { number })}
          </label>
          <input
            id={`${id}-from`}
            className="form-input"
            type="time"
            value={windowStart}
            aria-invalid={windowIssue !== null}
            aria-describedby={windowIssue ? `${id}-window-error` : undefined}
            onChange={(event) => setWindow(event.target.value, windowEnd)}
          />
          <span aria-hidden="true">–</span>
          <label className="visually-hidden" htmlFor={`${id}-to`}>
            {t('dayPlan.windowTo', { number })}
          </label>
          <input
            id={`${id}-to`}
            className="form-input"
            type="time"
            value={windowEnd}
            aria-invalid={windowIssue !== null}
            aria-describedby={windowIssue ? `${id}-window-error` : undefined}
            onChange={(event) => setWindow(windowStart, event.target.value)}
          />
          {windowStart !== '' || windowEnd !== '' ? (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setWindow('', '')}
            >
              {t('dayPlan.windowClear')}
            </button>
          ) : null}
        </div>
        {windowIssue ? (
          <p id={`${id}-window-error`} className="day-plan__error" role="alert">
            {t(WINDOW_MESSAGES[windowIssue])}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
