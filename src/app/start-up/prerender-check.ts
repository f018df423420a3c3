/**
 * The script right after #root in a page rendered at build time (vite/startup.ts bundles it and
 * inlines it there), run before the first paint: when this visit shows something else than the
 * page the build rendered (another language, another address the host answered with the same
 * HTML), #root is emptied, and the app renders the visit's page instead of hydrating
 * (src/main.tsx).
 */
import { currentVisit, prerenderedPageFits, type PrerenderedPage } from './visit';

/** Replaced by the build (vite/startup.ts): the page in this file, and the languages it has texts of. */
declare const PRERENDERED_PAGE: PrerenderedPage;
declare const LANGUAGES: string[];

const root = document.getElementById('root');
try {
  const visit = currentVisit(LANGUAGES, PRERENDERED_PAGE.language);
  if (!prerenderedPageFits(PRERENDERED_PAGE, visit)) root?.replaceChildren();
} catch {
  root?.replaceChildren();
}
