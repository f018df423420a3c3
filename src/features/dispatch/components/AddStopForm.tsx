import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STOP_NAME_MAX_CHARS } from '@domain/limits.ts';
import { FormMessage, SubmitButton } from '@/components/form';
import { formatLatLng } from '@/lib/format';
import { ADD_PLACES, type AddPlace } from '../model/add-stop-place';
import type { BoardDriver } from './MoveStopMenu';

/** A place for the new stop: from the address search, typed coordinates or the map. */
export interface PlaceToAdd {
  name: string;
  lat: number;
  lng: number;
}

/** The address search the page gives (the geocoding feature's): addresses and typed coordinates. */
export type RenderPlaceSearch = (label: string, onPick: (place: PlaceToAdd) => void) => ReactNode;

export interface AddStopChoice {
  routeId: string;
  name: string;
  place: PlaceToAdd;
  where: AddPlace;
}

/**
 * The board's "Add a stop": the place (searched, typed as coordinates, or clicked on the map),
 * its name, the driver (a day's board), and where in their route. Opening it focuses its first
 * field; Escape or Cancel closes it.
 */
export function AddStopForm({
  drivers,
  routeId: initialRouteId,
  place,
  onPlace,
  renderPlaceSearch,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  drivers: readonly BoardDriver[];
  /** The driver chosen when it opens (their own button); null: the dispatcher chooses. */
  routeId: string | null;
  place: PlaceToAdd | null;
  onPlace: (place: PlaceToAdd | null) => void;
  renderPlaceSearch?: RenderPlaceSearch;
  pending: boolean;
  error: string;
  onSubmit: (choice: AddStopChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = { title: useId(), driver: useId(), name: useId() };
  const [routeId, setRouteId] = useState(
    initialRouteId ?? (drivers.length === 1 ? drivers[0].routeId : ''),
  );
  const [where, setWhere] = useState<AddPlace>('best');
  // The name follows the place until the dispatcher writes their own.
  const [named, setNamed] = useState({ place, name: place?.name ?? '' });
  if (named.place !== place) setNamed({ place, name: place?.name ?? '' });
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  const name = named.name.trim();
  const missing = !place
    ? t('board.add.placeMissing')
    : !name
      ? t('board.add.nameMissing')
      : !routeId
        ? t('board.add.driverMissing')
        : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing || !place) return;
    onSubmit({ routeId, name, place, where });
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any of its fields closes the form (a field that uses Escape itself prevents it)
    <form
      ref={form}
      className="board-add"
      aria-labelledby={ids.title}
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h2 id={ids.title} className="board__section-title">
        {t('board.add.title')}
      </h2>
      {place ? (
        <p className="board-add__place" data-testid="board-add-place">
          <span>{t('board.add.placeChosen', { place: formatLatLng(place, 5) })}</span>{' '}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => onPlace(null)}
          >
            {t('board.add.changePlace')}
          </button>
        </p>
      ) : (
        <>
          {renderPlaceSearch
            ? renderPlaceSearch(t('board.add.search'), (picked) => onPlace(picked))
            : null}
          <p className="form-hint">{t('board.add.mapHint')}</p>
        </>
      )}
      {place ? (
        <div className="form-field">
          <label className="form-label" htmlFor={ids.name}>
            {t('board.add.name')}
          </label>
          <input
            id={ids.name}
            className="form-input"
            value={named.name}
            maxLength={STOP_NAME_MAX_CHARS}
            onChange={(event) => setNamed({ place, name: event.target.value })}
          />
        </div>
      ) : null}
      {drivers.length > 1 ? (
        <div className="form-field">
          <label className="form-label" htmlFor={ids.driver}>
            {t('board.add.driver')}
          </label>
          <select
            id={ids.driver}
            className="form-input"
            value={routeId}
            onChange={(event) => setRouteId(event.target.value)}
          >
            <option value="" disabled>
              {t('board.add.chooseDriver')}
            </option>
            {drivers.map((driver) => (
              <option key={driver.routeId} value={driver.routeId}>
                {driver.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="board-add__where">
        <legend className="form-label">{t('board.add.where')}</legend>
        {ADD_PLACES.map((value) => (
          <label key={value} className="board-add__choice">
            <input
              type="radio"
              name={`${ids.title}-where`}
              value={value}
              checked={where === value}
              onChange={() => setWhere(value)}
            />{' '}
            {t(`board.add.place.${value}`)}
          </label>
        ))}
      </fieldset>
      {tried && missing ? <FormMessage message={{ tone: 'error', text: missing }} /> : null}
      {error ? <FormMessage message={{ tone: 'error', text: error }} /> : null}
      <div className="board-add__actions">
        <SubmitButton
          busy={pending}
          label={t('board.add.submit')}
          busyLabel={t('board.add.submitting')}
        />
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
