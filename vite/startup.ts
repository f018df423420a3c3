/**
 * The first paint in as few round trips as a phone's network allows (the target: LCP <= 2.5 s on
 * a mid-range phone over fast 3G, where every request waits about 560 ms for its answer).
 *
 * - One chunk for what every page runs first: main.tsx loads the app (src/app/App.tsx) and its
 *   texts' loader (src/lib/i18n.ts) dynamically (so that a broken configuration is reported on
 *   screen), and the bundler split their modules into seven small chunks shared with the pages.
 *   They are one chunk here ('app', STARTUP_MODULES and what they import), which index.html
 *   preloads next to the entry: the page and everything the landing page runs arrive in the
 *   same round trip, instead of three.
 * - An inline script in index.html (allowed by its hash, vite/csp.ts) preloads what only the
 *   visit knows, in that same round trip: the texts of the language the page will show (the
 *   detector's order: ?lng=, the stored choice, the browser's languages; the core texts on the
 *   landing page, every text elsewhere), the page of the address with its modules and styles
 *   (PAGE_MODULES, the lazily loaded pages), and the Auth client when a session is stored.
 * - main.tsx waits (a little) for the page of the address before the first render
 *   (preloadPage, src/app/router.tsx): the first paint shows the page, not its loading state.
 *
 * Only `vite build`; the dev server loads modules one by one anyway.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { chunkInfo, chunkOf, withImports, type ChunkInfo } from './bundle-graph.ts';
import {
  choiceOf,
  PRERENDER_BODY_SCRIPT,
  prerenderTemplates,
  renderPages,
  type PrerenderChoice,
  type PrerenderedPages,
} from './prerender.ts';

/** The modules main.tsx loads at start, for every page. */
export const STARTUP_MODULES = ['src/app/App.tsx', 'src/lib/i18n.ts'];

/** The lazily loaded pages worth preloading from their address (src/app/router.tsx). */
export const PAGE_MODULES: readonly { path: RegExp; module: string }[] = [
  { path: /^\/(plan|edit-route\/[^/]+)\/?$/, module: 'src/app/routes/PlannerPage.tsx' },
  { path: /^\/waze-route\/[^/]+\/?$/, module: 'src/app/routes/NavigationRoute.tsx' },
  { path: /^\/dashboard\/?$/, module: 'src/app/routes/DashboardRoute.tsx' },
  { path: /^\/share\/[^/]+\/?$/, module: 'src/app/routes/SharedRoutePage.tsx' },
];
/** Every page above fetches: the router loads the query client with it. */
const PAGE_COMPANIONS = ['src/app/query-provider.tsx'];
const AUTH_CLIENT = 'node_modules/@supabase/auth-js/dist/module/index.js';

/**
 * What the pages that show routes share (the query client, the /api and its checks, the domain
 * rules, offline storage, dialogs, export, the Waze hand-off): one chunk ('data') for all of them
 * rather than a dozen small ones, each another round trip on a phone's network.
 */
const DATA_LAYER =
  /[\\/]node_modules[\\/](@tanstack|idb-keyval)[\\/]|[\\/]_shared[\\/]domain[\\/]|[\\/]src[\\/](lib|components|app[\\/]query-provider|features[\\/]navigation[\\/](model|hooks))/;

/**
 * Modules that stay in chunks of their own although several pages use them: the map (Leaflet),
 * the drag-and-drop and CSV libraries and the Auth client, which load on use, and the texts.
 */
const ON_THEIR_OWN =
  /[\\/](leaflet|react-leaflet|@react-leaflet|sortablejs|papaparse|@supabase)[\\/]|[\\/]src[\\/](components[\\/]map|locales|lib[\\/]optimizer)[\\/]/;

/** Every module reachable from `roots` by static imports. */
export function staticClosure(
  roots: readonly string[],
  importsOf: (id: string) => readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of importsOf(id)) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** What the inline script preloads, as files under the site root. */
export interface StartupFiles {
  /** Each language's core texts (the first page's). */
  coreTexts: Record<string, string[]>;
  /** Each language's every text (what a lazily loaded page waits for). */
  everyText: Record<string, string[]>;
  /** The pages: their address as a regular expression's source, and their files. */
  pages: { path: string; files: string[] }[];
  /** The Auth client's files. */
  auth: string[];
  /** What every page loads first (the entry and the app chunk, with their styles). */
  startup: string[];
  fallbackLanguage: string;
  /** The pages in index.html's templates (vite/prerender.ts), if any. */
  prerender?: PrerenderChoice;
}

const isCss = (file: string) => file.endsWith('.css');

/** The <link rel="stylesheet"> Vite wrote into index.html for `file`, with the space before it. */
const stylesheetLink = (file: string) =>
  new RegExp(
    `\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );

/** The files of `module`'s chunk with its static imports and styles, `known` left out. */
function filesOf(chunks: readonly ChunkInfo[], module: string, known: ReadonlySet<string>) {
  const chunk = chunkOf(chunks, module);
  if (!chunk) throw new Error(`vite/startup.ts: ${module} is in no chunk`);
  return [...withImports(chunks, chunk, new Set())].filter((file) => !known.has(file));
}

/** Reads the bundle for the inline script; `loaded` are the files index.html loads already. */
export function startupFiles(
  chunks: readonly ChunkInfo[],
  loaded: ReadonlySet<string>,
  fallbackLanguage: string,
  prerender?: PrerenderChoice,
  /** Files in index.html itself (the app's styles): never requested. */
  inlined: ReadonlySet<string> = new Set(),
): StartupFiles {
  const startup = [...loaded].filter((file) => !inlined.has(file));
  const coreTexts: Record<string, string[]> = {};
  const everyText: Record<string, string[]> = {};
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = /\/src\/locales\/([a-z]{2,3})\.json(\?raw)?$/.exec(id.replaceAll('\\', '/'));
      if (!match) continue;
      const into = match[2] ? everyText : coreTexts;
      (into[match[1]] ??= []).push(chunk.fileName);
    }
  }
  const companions = new Set(PAGE_COMPANIONS.flatMap((module) => filesOf(chunks, module, loaded)));
  return {
    coreTexts,
    everyText,
    pages: PAGE_MODULES.map(({ path, module }) => ({
      path: path.source,
      files: [...new Set([...filesOf(chunks, module, loaded), ...companions])],
    })),
    auth: filesOf(chunks, AUTH_CLIENT, loaded),
    startup,
    fallbackLanguage,
    ...(prerender ? { prerender } : {}),
  };
}

/**
 * The styles of the page at `path` that its own chunks bring (not already in `loaded`), in the
 * order Vite's loader adds them: an imported chunk's styles before the importing chunk's own.
 */
export function pageStyles(
  chunks: readonly ChunkInfo[],
  loaded: ReadonlySet<string>,
  path: string,
): string[] {
  const page = PAGE_MODULES.find((candidate) => candidate.path.test(path));
  if (!page) return [];
  const root = chunkOf(chunks, page.module);
  if (!root) throw new Error(`vite/startup.ts: ${page.module} is in no chunk`);
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = chunks.find((candidate) => candidate.fileName === imported);
      if (next) visit(next);
    }
    for (const css of chunk.css) if (!loaded.has(css) && !styles.includes(css)) styles.push(css);
  };
  visit(root);
  return styles;
}

/**
 * The inline script: modulepreload for scripts, preload for styles (the page's own loader then
 * finds them in the cache). Plain ES5, run before anything else in the page.
 */
export function startupScript(files: StartupFiles): string {
  return `(function () {
  var F = ${JSON.stringify(files)};
  // Into one fragment, added once: a link added to the page at a time costs a style pass each.
  var links = document.createDocumentFragment();
  function preload(file) {
    var link = document.createElement('link');
    if (/\\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the page's own loader asks for them, so that it finds them in the cache.
    link.crossOrigin = '';
    link.href = '/' + file;
    links.appendChild(link);
  }
  function each(list) {
    for (var i = 0; i < (list || []).length; i++) preload(list[i]);
  }
  // What every page needs first, then the language, then the page: requests go out in this order.
  each(F.startup);
  // The detector's order (src/lib/language/detector.ts): ?lng=, the cookie, the stored choice, the browser.
  var named = [];
  try {
    named.push(new URLSearchParams(location.search).get('lng'));
    var cookie = /(?:^|;\\s*)i18next=([^;]*)/.exec(document.cookie);
    named.push(cookie && decodeURIComponent(cookie[1]));
    named.push(localStorage.getItem('i18nextLng'), sessionStorage.getItem('i18nextLng'));
  } catch (error) {}
  var browser = navigator.languages;
  named = named.concat(browser && browser.length ? browser : [navigator.language]);
  var language = F.fallbackLanguage;
  for (var i = 0; i < named.length; i++) {
    var code = String(named[i] || '').split(/[-_]/)[0].toLowerCase();
    if (F.coreTexts[code]) {
      language = code;
      break;
    }
  }
  // The landing page starts with the core texts; every other page with every text (src/lib/i18n.ts).
  if (location.pathname === '/') each(F.coreTexts[language]);
  else each(F.everyText[language]);
  for (var p = 0; p < F.pages.length; p++) {
    if (new RegExp(F.pages[p].path).test(location.pathname)) {
      each(F.pages[p].files);
      break;
    }
  }
  var signedIn = false;
  try {
    for (var k = 0; k < localStorage.length; k++) {
      if (/^sb-.*-auth-token$/.test(localStorage.key(k) || '')) {
        signedIn = true;
        break;
      }
    }
  } catch (error) {}
  if (signedIn) each(F.auth);
  document.head.appendChild(links);
  // The page rendered at build time for this visit, if any (vite/prerender.ts): same address
  // (no query or fragment: an auth redirect, ?lng=), language and session, and nothing stored
  // that the page would show instead (a planner draft).
  function stored(storage, keys) {
    try {
      for (var s = 0; s < keys.length; s++) if (storage.getItem(keys[s]) !== null) return true;
      return false;
    } catch (error) {
      return true;
    }
  }
  var pre = F.prerender;
  if (pre && language === pre.language && !location.search && !location.hash) {
    for (var q = 0; q < pre.pages.length; q++) {
      var page = pre.pages[q];
      if (page.path !== location.pathname) continue;
      if (page.signedIn !== null && page.signedIn !== signedIn) continue;
      var skip = page.skipWhenStored;
      if (!stored(localStorage, skip.localStorage) && !stored(sessionStorage, skip.sessionStorage))
        document.documentElement.setAttribute('data-prerender', String(q));
      break;
    }
  }
})();`;
}

export function startup({
  fallbackLanguage,
  prerender = true,
}: {
  fallbackLanguage: string;
  /** Render the landing page and the empty planner into index.html (vite/prerender.ts). */
  prerender?: boolean;
}): Plugin {
  const startupModules = new Set<string>();
  let root = process.cwd();
  let mode = 'production';
  let configFile: string | undefined;
  let rendering: Promise<PrerenderedPages> | null = null;
  return {
    name: 'route-planner:startup',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      configFile = config.configFile;
    },
    buildStart() {
      if (!prerender) return;
      // In a process of its own, beside the bundling; awaited when index.html is written.
      rendering = renderPages(root, mode, configFile, (message) => this.warn(message));
      rendering.catch(() => undefined);
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', test: (id: string) => startupModules.has(id), priority: 10 },
                {
                  name: 'data',
                  test: (id: string) =>
                    !startupModules.has(id) && DATA_LAYER.test(id) && !ON_THEIR_OWN.test(id),
                  minShareCount: 2,
                  priority: 5,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) =>
        STARTUP_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
      );
      startupModules.clear();
      const closure = staticClosure(roots, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (const id of closure) startupModules.add(id);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return;
        const chunks: ChunkInfo[] = [];
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.push(chunkInfo(output));
        const entryInfo = chunks.find((chunk) => chunk.fileName === entry.fileName);
        if (!entryInfo) return;
        const loaded = withImports(chunks, entryInfo, new Set());
        const startupChunks = new Set<string>();
        for (const module of STARTUP_MODULES) {
          const chunk = chunkOf(chunks, module);
          if (!chunk) throw new Error(`vite/startup.ts: ${module} is in no chunk`);
          withImports(chunks, chunk, startupChunks);
        }
        const cssText = (file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset')
            throw new Error(`vite/startup.ts: ${file} is not in the bundle`);
          return typeof asset.source === 'string'
            ? asset.source
            : new TextDecoder().decode(asset.source);
        };
        const tags: HtmlTagDescriptor[] = [];
        for (const file of startupChunks) {
          if (loaded.has(file)) continue;
          loaded.add(file);
          if (!isCss(file))
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
              injectTo: 'head',
            });
        }
        // The app's styles in the page itself: the first paint (of a page rendered at build
        // time) waits for no request. A disabled link downloads nothing; it tells Vite's loader,
        // which adds a chunk's stylesheet unless a link to it is in the page, that it is here.
        const inlined = new Set([...loaded].filter(isCss));
        let page = html;
        for (const file of inlined) {
          const link = stylesheetLink(file);
          if (!link.test(page)) throw new Error(`vite/startup.ts: no <link> to ${file} to inline`);
          page = page.replace(link, '');
          tags.push(
            { tag: 'style', children: cssText(file), injectTo: 'head' },
            {
              tag: 'link',
              attrs: { rel: 'stylesheet', href: `/${file}`, disabled: true },
              injectTo: 'head',
            },
          );
        }
        const pages = rendering ? await rendering : null;
        // First in <head>: a script after a stylesheet waits for it.
        tags.push({
          tag: 'script',
          children: startupScript(
            startupFiles(
              chunks,
              loaded,
              fallbackLanguage,
              pages ? choiceOf(pages) : undefined,
              inlined,
            ),
          ),
          injectTo: 'head-prepend',
        });
        if (pages) {
          const templates = prerenderTemplates(pages, (path) =>
            pageStyles(chunks, loaded, path).map(cssText).join('\n'),
          );
          for (const { id, content } of templates)
            tags.push({ tag: 'template', attrs: { id }, children: content, injectTo: 'body' });
          tags.push({ tag: 'script', children: PRERENDER_BODY_SCRIPT, injectTo: 'body' });
        }
        return { html: page, tags };
      },
    },
  };
}
