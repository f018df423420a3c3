/**
 * The first script of every page (vite/startup.ts bundles it and inlines it first in <head>),
 * before the first paint and in the round trip of the HTML:
 * - the theme, so that a dark page is never painted light first;
 * - preloads for what only the visit knows: the texts of the language the app will choose, the
 *   lazily loaded page of the address, and the Auth client when a session is stored, so that
 *   they arrive with the app instead of a round trip after it;
 * - the page's first /api GET (./page-requests.ts), whose answer the app's client takes when
 *   it asks for the same (src/lib/early-requests.ts).
 */
import { applyTheme, DARK_SCHEME_QUERY, readThemePreference } from '@/app/layouts/theme/theme';
import { parseEnv } from '@/config/env-schema';
import { apiUrl } from '@/lib/api-url';
import { startEarlyRequest } from '@/lib/early-requests';
import {
  holdsSession,
  projectUrlOf,
  sessionStorageKeyFor,
  storedAccessTokenIn,
} from '@/lib/stored-session';
import { pageRequest } from './page-requests';
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

const sessionKeyOf = (supabaseUrl: string | undefined) =>
  sessionStorageKeyFor(projectUrlOf(supabaseUrl, location.origin));

function preloadVisitFiles(files: StartupFiles) {
  const sessionKey = sessionKeyOf(parseEnv(import.meta.env).supabaseUrl);
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
/**
 * The page's first GET, with the stored session's token (the one the app's client sends). A
 * stored session whose token has expired is refreshed before the client asks: nothing to send.
 */
function startPageRequest() {
  const env = parseEnv(import.meta.env);
  const sessionKey = sessionKeyOf(env.supabaseUrl);
  let stored = false;
  let token: string | null = null;
  try {
    stored = holdsSession(localStorage, sessionKey);
    token = storedAccessTokenIn(localStorage, sessionKey, Date.now());
  } catch {
    // Storage blocked: no session can have been kept.
  }
  if (stored && !token) return;
  const request = pageRequest(location.pathname, token !== null);
  if (request) startEarlyRequest(apiUrl(env.apiUrl, request.path, request.query), token);
}

try {
  startPageRequest();
} catch {
  // The page asks for its data itself, once its code has arrived.
}
try {
  preloadVisitFiles(START_UP_FILES);
} catch {
  // The app loads what it needs anyway, a round trip later.
}
