import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndPlace } from '@domain/day-plan/day-plan.ts';

/** The address search the page gives (the geocoding feature's), for a driver's own place. */
export type RenderPlaceSearch = (label: string, onPick: (place: EndPlace) => void) => ReactNode;

export interface PlaceChoiceProps<V extends string> {
  label: string;
  /** The fixed choices, then 'a place of their own'. */
  options: readonly { value: V; label: string }[];
  value: V | EndPlace;
  onChange: (value: V | EndPlace) => void;
  placeLabel: string;
  searchLabel: string;
  renderPlaceSearch?: RenderPlaceSearch;
  disabled: boolean;
}

/**
 * A choice among fixed places (the depot, the first stop...) or a place of the driver's own,
 * found with the address search; the place chosen is named, with Change to search again.
 */
export function PlaceChoice<V extends string>({
  label,
  options,
  value,
  onChange,
  placeLabel,
  searchLabel,
  renderPlaceSearch,
  disabled,
}: PlaceChoiceProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  const place = typeof value === 'object' ? value : null;
  const [searching, setSearching] = useState(false);
  const canSearch = renderPlaceSearch !== undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-input"
        value={place || searching ? 'place' : (value as V)}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === 'place') setSearching(true);
          else {
            setSearching(false);
            onChange(chosen as V);
          }
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {place || canSearch ? (
          <option value="place">{place ? place.name : placeLabel}</option>
        ) : null}
      </select>
      {place && canSearch && !searching ? (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={disabled}
          onClick={() => setSearching(true)}
        >
          {t('dayPlan.changeEnd')}
        </button>
      ) : null}
      {searching && renderPlaceSearch
        ? renderPlaceSearch(searchLabel, (picked) => {
            setSearching(false);
            onChange(picked);
          })
        : null}
    </div>
  );
}
