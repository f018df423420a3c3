import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_MINUTES_MAX,
  endOf,
  type DayPlan,
  type EndPlace,
} from '@domain/day-plan/day-plan.ts';
import { FALLBACK_SPEED_METERS_PER_SECOND } from '@domain/geo.ts';
import { deviceTimeZone } from '@/lib/day-plan';
import {
  departureFields,
  newDayPlan,
  serviceFromField,
  withDepartureFields,
} from '../../model/day-plan';
import { ClockIcon } from '@/components/day-plan/DayIcons';
import './DayPlan.css';

export interface DayPlanPanelProps {
  /** The route's plan; null: the route has no times yet. */
  plan: DayPlan | null;
  onChange: (plan: DayPlan | null) => void;
  /**
   * The address search for a chosen end (the page composes it: it belongs to another feature),
   * given what to do with the picked place.
   */
  renderEndSearch?: (onPick: (place: EndPlace) => void) => ReactNode;
  /** Some legs are straight-line estimates (the route service is down): the times say so. */
  estimated?: boolean;
  /** The route is not calculated yet, so there are no times to show. */
  waitingForRoute?: boolean;
  /** The clock (tests give their own). */
  now?: () => number;
}

type EndChoice = 'last-stop' | 'start' | 'address';

const endChoiceOf = (plan: DayPlan | null): EndChoice => {
  const end = endOf(plan);
  return end === 'last-stop' || end === 'start' ? end : 'address';
};

/**
 * 'Times of the day': the departure (date and time, now rounded up to the next 5 minutes when the
 * panel is first opened), the default time at each stop, and where the day ends. Closed and
 * without a plan, a route has no times at all, as before.
 */
export function DayPlanPanel({
  plan,
  onChange,
  renderEndSearch,
  estimated = false,
  waitingForRoute = false,
  now = Date.now,
}: DayPlanPanelProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const dateId = useId();
  const timeId = useId();
  const serviceId = useId();
  const serviceErrorId = useId();
  const endId = useId();
  const zoneNoteId = useId();
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const open = openChoice ?? plan !== null;
  // Asked only when a plan needs it: the first look-up of the device's time zone loads the zone
  // data (~250 ms on a mid-range phone), which the empty planner's first render need not wait for.
  const deviceZone = () => deviceTimeZone();
  // The fields as typed: a half-typed date or minutes never replace the plan's value.
  const [draft, setDraft] = useState<{ date?: string; time?: string; service?: string }>({});
  const [choosingAddress, setChoosingAddress] = useState(false);

  const toggle = () => {
    if (!open && plan === null) onChange(newDayPlan(now(), deviceZone()));
    setOpenChoice(!open);
  };

  const fields = plan ? departureFields(plan, deviceZone()) : null;
  const date = draft.date ?? fields?.date ?? '';
  const time = draft.time ?? fields?.time ?? '';
  const service = draft.service ?? String(plan?.defaultServiceMinutes ?? 0);
  const serviceInvalid = serviceFromField(service) === 'invalid';
  const endChoice = choosingAddress ? 'address' : endChoiceOf(plan);
  const end = endOf(plan);
  const zoneDiffers = plan?.timeZone !== undefined && plan.timeZone !== deviceZone();

  const setDeparture = (nextDate: string, nextTime: string) => {
    setDraft((current) => ({ ...current, date: nextDate, time: nextTime }));
    if (!plan) return;
    const next = withDepartureFields(plan, nextDate, nextTime, deviceZone());
    if (next) onChange(next);
  };

  const setEnd = (choice: EndChoice) => {
    if (!plan) return;
    if (choice === 'address') {
      setChoosingAddress(true);
      return;
    }
    setChoosingAddress(false);
    onChange({ ...plan, end: choice });
  };

  const pickEnd = (place: EndPlace) => {
    if (!plan) return;
    setChoosingAddress(false);
    onChange({ ...plan, end: { name: place.name, lat: place.lat, lng: place.lng } });
  };

  return (
    <section className="day-plan" aria-labelledby={`${panelId}-toggle`}>
      <button
        type="button"
        id={`${panelId}-toggle`}
        className="button button--small day-plan__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <ClockIcon /> {t('dayPlan.panelTitle')}
      </button>
      <div id={panelId} className="day-plan__body" hidden={!open}>
        {plan ? (
          <>
            <div className="day-plan__row">
              <div className="form-field">
                <label className="form-label" htmlFor={dateId}>
                  {t('dayPlan.departureDate')}
                </label>
                <input
                  id={dateId}
                  className="form-input"
                  type="date"
                  value={date}
                  aria-describedby={zoneDiffers ? zoneNoteId : undefined}
                  onChange={(event) => setDeparture(event.target.value, time)}
                  onBlur={() => setDraft((current) => ({ ...current, date: undefined }))}
                />
              </div>
              <div className="form-field">
                <label className="form-label" htmlFor={timeId}>
                  {t('dayPlan.departureTime')}
                </label>
                <input
                  id={timeId}
                  className="form-input"
                  type="time"
                  value={time}
                  aria-describedby={zoneDiffers ? zoneNoteId : undefined}
                  onChange={(event) => setDeparture(date, event.target.value)}
                  onBlur={() => setDraft((current) => ({ ...current, time: undefined }))}
                />
              </div>
            </div>
            {zoneDiffers ? (
              <p id={zoneNoteId} className="form-hint">
                {t('dayPlan.zoneNote', { zone: plan.timeZone })}
              </p>
            ) : null}
            <div className="form-field">
              <label className="form-label" htmlFor={serviceId}>
                {t('dayPlan.defaultService')}
              </label>
              <input
                id={serviceId}
                className="form-input day-plan__minutes"
                type="number"
                inputMode="numeric"
                min={0}
                max={SERVICE_MINUTES_MAX}
                step={1}
                value={service}
                aria-invalid={serviceInvalid}
                aria-describedby={serviceInvalid ? serviceErrorId : undefined}
                onChange={(event) => {
                  const text = event.target.value;
                  setDraft((current) => ({ ...current, service: text }));
                  const minutes = serviceFromField(text);
                  if (minutes !== 'invalid')
                    onChange({ ...plan, defaultServiceMinutes: minutes ?? 0 });
                }}
                onBlur={() => {
                  if (!serviceInvalid) setDraft((current) => ({ ...current, service: undefined }));
                }}
              />
              {serviceInvalid ? (
                <p id={serviceErrorId} className="day-plan__error">
                  {t('dayPlan.serviceInvalid', { max: SERVICE_MINUTES_MAX })}
                </p>
              ) : null}
            </div>
            <div className="form-field">
              <label className="form-label" htmlFor={endId}>
                {t('dayPlan.endLabel')}
              </label>
              <select
                id={endId}
                className="form-input"
                value={endChoice}
                onChange={(event) => setEnd(event.target.value as EndChoice)}
              >
                <option value="last-stop">{t('dayPlan.endLastStop')}</option>
                <option value="start">{t('dayPlan.endStart')}</option>
                <option value="address">{t('dayPlan.endAddress')}</option>
              </select>
            </div>
            {endChoice === 'address' && typeof end === 'object' && !choosingAddress ? (
              <p className="day-plan__end">
                <span>{t('dayPlan.endsAt', { name: end.name })}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => setChoosingAddress(true)}
                >
                  {t('dayPlan.changeEnd')}
                </button>
              </p>
            ) : null}
            {choosingAddress && renderEndSearch ? (
              <div className="day-plan__end-search">{renderEndSearch(pickEnd)}</div>
            ) : null}
            {estimated ? (
              <p className="day-plan__note" role="note">
                {t('dayPlan.estimateNote', {
                  speed: Math.round(FALLBACK_SPEED_METERS_PER_SECOND * 3.6),
                })}
              </p>
            ) : null}
            {waitingForRoute ? <p className="day-plan__note">{t('dayPlan.needsRoute')}</p> : null}
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setDraft({});
                setChoosingAddress(false);
                setOpenChoice(false);
                onChange(null);
              }}
            >
              {t('dayPlan.removeTimes')}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
