import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * True while the build renders a page (src/app/prerender.tsx) and while React hydrates that HTML
 * in the browser; false in every other render. A component shows what the build could know
 * (nothing of this device) while it is true: hydration then matches the HTML, and React renders
 * again with the device's values right after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
