/**
 * The one-time message My Routes shows on arrival after a save ('Route saved
 * successfully!' / 'Route updated successfully!'), passed as router location state.
 */
export type DashboardFlash = 'saved' | 'updated';

export interface DashboardLocationState {
  flash: DashboardFlash;
}

export const dashboardLocationState = (flash: DashboardFlash): DashboardLocationState => ({
  flash,
});

/** The flash in a location's state, or null for anything else (a reload, a plain link). */
export function readDashboardFlash(state: unknown): DashboardFlash | null {
  if (typeof state !== 'object' || state === null) return null;
  const flash = (state as { flash?: unknown }).flash;
  return flash === 'saved' || flash === 'updated' ? flash : null;
}
