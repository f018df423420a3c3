/** Distance units: the setting (auto, metric, imperial) and formatting in the user's units. */
export {
  automaticUnits,
  createUnitsStore,
  nextUnitsPreference,
  resolveUnits,
  unitsStore,
  UNITS_PREFERENCES,
  UNITS_STORAGE_KEY,
  type DistanceUnits,
  type UnitsPreference,
} from './units';
export { useDistanceUnits, useFormatDistance } from './useDistanceUnits';
