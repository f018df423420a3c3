import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ITINERARY_SORTS, isItinerarySort, type ItinerarySort } from '@domain/itinerary-list.ts';

export interface RouteToolsProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: ItinerarySort;
  onSortChange: (sort: ItinerarySort) => void;
  /** How many routes match the search; null while its answer is on its way. */
  found: number | null;
}

/** My Routes' search (title or stop) and order; the server finds and orders the routes. */
export function RouteTools({ search, onSearchChange, sort, onSortChange, found }: RouteToolsProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="dashboard__tools" role="search" aria-label={t('dashboard.findLabel')}>
      <div className="dashboard__tool">
        <label htmlFor={searchId}>{t('dashboard.searchLabel')}</label>
        <input
          id={searchId}
          type="search"
          className="form-input"
          value={search}
          placeholder={t('dashboard.searchPlaceholder')}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <div className="dashboard__tool">
        <label htmlFor={sortId}>{t('dashboard.sortLabel')}</label>
        <select
          id={sortId}
          className="form-input"
          value={sort}
          onChange={(event) => {
            if (isItinerarySort(event.target.value)) onSortChange(event.target.value);
          }}
        >
          {ITINERARY_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`dashboard.sort.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="visually-hidden" role="status">
        {search.trim() && found !== null ? t('dashboard.found', { count: found }) : ''}
      </p>
    </div>
  );
}
