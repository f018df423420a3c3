import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { formatLatLng } from '@/lib/format';
import { geocoderFailure, isSearchable } from '@/lib/geocoding';
import {
  useAutocompletePlaces,
  type SearchBias,
  type Suggestion,
} from '../api/autocomplete-places';
import { parseTypedCoordinates, type TypedPoint } from '../model/coordinates';
import './PlaceSearch.css';

/**
 * Search debounce 300 ms: one geocoder call per pause in typing, not one per key (the /api
 * limits each client's geocoding calls a minute, and the public geocoders behind it theirs).
 */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PlaceSearchProps {
  onPick: (place: Suggestion) => void;
  /** Coordinates typed into the box ('48.8584, 2.2945' or a geo: URI): a stop there, no search. */
  onPickPoint: (point: TypedPoint) => void;
  /** Prefer places near this point (the map's view or the user's position). */
  bias?: SearchBias | null;
  /** The box's label (default: the stop search's). */
  label?: string;
}

/**
 * Address search as an ARIA combobox: type 3+ characters, pick with the mouse
 * or with Arrow keys and Enter; Escape closes the list, then clears the text.
 * Results come as you type from a geocoder built for it (Photon, through the proxy), biased
 * to `bias`, in the interface language, up to 8, each a name and a second line (street,
 * city, country). Coordinates typed in the box are offered as one option and need no search.
 * A failed search shows an empty result ('No results found'), unless the geocoder
 * said why (rate limited, or the service down, busy or too slow): then it says so.
 */
export function PlaceSearch({ onPick, onPickPoint, bias = null, label }: PlaceSearchProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [debouncedText] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const typedPoint = parseTypedCoordinates(text);
  // The place to prefer is read when the text settles. A bias that changes later (the map
  // reporting its first view, the position arriving) would start a new search for the same
  // text and replace the results under the pointer, so a click on them was lost.
  const [textBias, setTextBias] = useState({ text: debouncedText, bias });
  if (textBias.text !== debouncedText) setTextBias({ text: debouncedText, bias });
  const search = useAutocompletePlaces(
    debouncedText,
    textBias.text === debouncedText ? textBias.bias : bias,
    i18n.resolvedLanguage ?? 'en',
    parseTypedCoordinates(debouncedText) === null,
  );

  // Only answers for the text as it is now: never a previous text's results.
  const searchable = !typedPoint && isSearchable(text) && debouncedText.trim() === text.trim();
  const suggestions: Suggestion[] = searchable && search.isSuccess ? search.data : [];
  /** Typed coordinates are the one option: a stop exactly there. */
  const results: (Suggestion | TypedPoint)[] = typedPoint ? [typedPoint] : suggestions;
  const searching = !typedPoint && isSearchable(text) && (!searchable || search.isFetching);
  const finished = searchable && !searching && (search.isSuccess || search.isError);
  const showList =
    open &&
    (typedPoint !== null || (isSearchable(text) && (results.length > 0 || searching || finished)));

  // The highlighted option belongs to one list of results: a new list starts with none.
  const resultsKey = typedPoint ? `point|${text}` : `${debouncedText}|${search.dataUpdatedAt}`;
  const [active, setActive] = useState({ key: '', index: -1 });
  const activeIndex = active.key === resultsKey ? active.index : -1;
  const setActiveIndex = (index: number) => setActive({ key: resultsKey, index });

  const pick = (place: Suggestion | TypedPoint) => {
    if ('name' in place) onPick(place);
    else onPickPoint(place);
    setText('');
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActiveIndex((activeIndex + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActiveIndex(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter':
        if (showList && count > 0) {
          event.preventDefault();
          pick(results[activeIndex >= 0 ? activeIndex : 0]);
        }
        break;
      case 'Escape':
        if (showList) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        break;
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const failure = finished && search.isError ? geocoderFailure(search.error) : null;
  const status = searching
    ? t('search.searching')
    : failure
      ? t(failure === 'rateLimited' ? 'search.rateLimited' : 'search.unavailable')
      : finished && results.length === 0
        ? t('search.noResults')
        : '';

  return (
    <div className="place-search">
      <label className="place-search__label" htmlFor={inputId}>
        {label ?? t('search.label')}
      </label>
      <input
        id={inputId}
        className="place-search__input"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className="place-search__popup" hidden={!showList}>
        <ul
          id={listId}
          className="place-search__list"
          role="listbox"
          aria-label={t('search.results')}
        >
          {results.map((place, index) => {
            const name = 'name' in place ? place.name : t('search.coordinates');
            const detail = 'name' in place ? place.address : formatLatLng(place, 6);
            return (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the input handles the keys (aria-activedescendant)
              <li
                key={`${place.lat},${place.lng},${'name' in place ? place.display_name : ''}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                aria-label={detail ? `${name}, ${detail}` : name}
                className="place-search__option"
                // Keep the focus in the input so blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => pick(place)}
              >
                <span className="place-search__name">{name}</span>
                {detail ? <span className="place-search__address">{detail}</span> : null}
              </li>
            );
          })}
        </ul>
        {status ? (
          <p
            className={
              failure ? 'place-search__status place-search__status--error' : 'place-search__status'
            }
          >
            {status}
          </p>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {showList && results.length > 0
          ? t('search.resultCount', { count: results.length })
          : status}
      </p>
    </div>
  );
}
