import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverRoute } from '../model/team-plan.ts';

/** "Show on the map: All drivers / Driver 1 (Alice) / ...": one driver at a time, or all. */
export function ShowDriver({
  drivers,
  names,
  shown,
  onShow,
}: {
  drivers: readonly DriverRoute[];
  names: readonly string[];
  shown: number | null;
  onShow: (number: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="team-map__show">
      <label htmlFor={id} className="team-map__show-label">
        {t('dayPlan.mapShowLabel')}
      </label>
      <select
        id={id}
        className="team-map__show-select"
        value={shown ?? ''}
        onChange={(event) => onShow(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t('dayPlan.mapShowAll')}</option>
        {drivers
          .filter((driver) => driver.served.length > 0)
          .map((driver) => {
            const name = names[driver.number - 1];
            return (
              <option key={driver.number} value={driver.number}>
                {name
                  ? t('dayPlan.driverNamed', { name, number: driver.number })
                  : t('dayPlan.driverName', { number: driver.number })}
              </option>
            );
          })}
      </select>
    </div>
  );
}
