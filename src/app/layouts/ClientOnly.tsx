import { createContext, useContext, type ReactNode } from 'react';
import { useStartupTurn } from '@/components/deferred/Deferred';

/**
 * True while the build renders a page ahead of time (src/app/prerender.tsx): what only the
 * visitor's device knows (the stored theme, units, language and account) is left out of that markup and
 * shows with the app's first render.
 */
export const PrerenderingContext = createContext(false);

/**
 * Its children only in the visitor's browser, never in the markup rendered at build time; at
 * start-up, in a task after the first render's (the page copy has nothing in their place).
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const prerendering = useContext(PrerenderingContext);
  const turn = useStartupTurn();
  return prerendering || !turn ? null : children;
}
