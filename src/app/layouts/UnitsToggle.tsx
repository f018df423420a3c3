import { useTranslation } from 'react-i18next';
import { useHydrating } from '@/lib/hydration';
import { nextUnitsPreference, useDistanceUnits } from '@/lib/units';

/**
 * Cycles the distance units automatic → kilometres → miles (kept like the theme); the face
 * shows the units in use, the name says the setting and what a click does.
 */
export function UnitsToggle() {
  const { t } = useTranslation();
  const hydrating = useHydrating();
  const { preference, units, cycle } = useDistanceUnits();
  const shortName = units === 'imperial' ? t('units.mi') : t('units.km');
  const name = (setting: typeof preference) =>
    setting === 'auto' ? t('units.names.auto', { units: shortName }) : t(`units.names.${setting}`);
  const label = t('units.toggle', {
    current: name(preference),
    next: name(nextUnitsPreference(preference)),
  });
  return (
    <button
      type="button"
      className="icon-button units-toggle"
      onClick={cycle}
      // Until React has hydrated it, a tap would do nothing.
      disabled={hydrating}
      aria-label={label}
      title={label}
      data-units-preference={preference}
      data-units={units}
    >
      <span aria-hidden="true">{shortName}</span>
    </button>
  );
}
