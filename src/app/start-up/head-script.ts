/**
 * The first script of every page (vite/startup.ts bundles it and inlines it first in <head>),
 * before the first paint and in the round trip of the HTML:
 * - the theme, so that a dark page is never painted light first;
 * - preloads for what only the visit knows: the texts of the language the app will choose, the
 *   lazily loaded page of the address, and the Auth client when a session is stored, so that
 *   they arrive with the app instead of a round trip after it.
 */
import { applyTheme, DARK_SCHEME_QUERY, readThemePreference } from '@/app/layouts/theme/theme';
import { parseEnv } from '@/config/env-schema';
import { projectUrlOf, sessionStorageKeyFor } from '@/lib/stored-session';
import { currentVisit, filesToPreload, type StartupFiles } from './visit';

/** Replaced by the build with the bundle's files (vite/startup.ts). */
declare const START_UP_FILES: StartupFiles;

function applyStoredTheme() {
  let stored: Storage | null = null;
  try {
    stored = localStorage;
  } catch {
    // Storage blocked: the default theme.
  }
  applyTheme(
    document.documentElement,
    readThemePreference(stored),
    window.matchMedia?.(DARK_SCHEME_QUERY).matches ?? false,
  );
}

function preloadVisitFiles(files: StartupFiles) {
  const sessionKey = sessionStorageKeyFor(
    projectUrlOf(parseEnv(import.meta.env).supabaseUrl, location.origin),
  );
  const visit = currentVisit(Object.keys(files.coreTexts), files.language, sessionKey);
  // One fragment, added once: each link added on its own would cost a style pass.
  const links = document.createDocumentFragment();
  for (const file of filesToPreload(files, visit)) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the app's own loader asks for them, so that it finds them in the cache.
    link.crossOrigin = '';
    link.href = `/${file}`;
    links.append(link);
  }
  document.head.append(links);
}

try {
  applyStoredTheme();
} catch {
  // The theme's module applies it again when the app starts.
}
try {
  preloadVisitFiles(START_UP_FILES);
} catch {
  // The app loads what it needs anyway, a round trip later.
}
