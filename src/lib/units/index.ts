/** Distance units: the setting (auto, metric, imperial) and formatting in the user's units. */
export {
  automaticUnits,
  nextUnitsPreference,
  resolveUnits,
  unitsPreference,
  UNITS,
  UNITS_PREFERENCES,
  UNITS_STORAGE_KEY,
  type DistanceUnits,
  type UnitsPreference,
} from './units';
export { useDistanceUnits, useFormatDistance } from './use-distance-units';
