/**
 * The first paint in as few round trips as a phone's network allows (on fast 3G every request
 * waits about 560 ms for its answer), then the app's start-up without long tasks:
 *
 * - Chunks: one ('app') for what every page runs first (src/app/App.tsx, src/lib/i18n.ts and
 *   their static imports), one ('data') for what the pages that show routes share; each would
 *   otherwise be a dozen small files, each another round trip.
 * - The pages rendered at build time (src/app/prerender.tsx, run by vite/prerender.ts): each in an
 *   HTML file of its own (index.html for the landing page, plan.html for the planner: a static
 *   host serves /plan from plan.html, and so does the service worker), with its markup in #root,
 *   the app's and the page's styles inlined (the first paint waits for no request) and the
 *   page's code preloaded. React hydrates it (src/main.tsx). index.html is also what a host
 *   answers for any other address: the check script after #root (src/app/start-up/
 *   prerender-check.ts) empties #root before the first paint when the visit shows something
 *   else, and the app renders that page.
 * - The head script (src/app/start-up/head-script.ts), first in <head>: the stored theme before
 *   the first paint, and preloads of what only the visit knows (its language's texts, with the
 *   page texts where its page shows them, the page of its address, the Auth client when a
 *   session is stored), and the page's first /api GET.
 *
 * Both inline scripts are the app's own TypeScript, bundled here with the app's aliases and
 * environment, so they apply the app's rules (theme, language detection, session key) rather
 * than copies of them. The dev server gets the head script too (with nothing to preload).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  build,
  type Alias,
  type HtmlTagDescriptor,
  type Plugin,
  type ResolvedConfig,
  type Rollup,
} from 'vite';
import type { StartupFiles } from '../src/app/start-up/build-data.ts';
import { chunkInfo, chunkOf, withImports, type ChunkInfo } from './bundle-graph.ts';
import { renderPages, type RenderedPage, type RenderedPages } from './prerender.ts';

/** The modules main.tsx loads at start, for every page. */
export const STARTUP_MODULES = ['src/app/App.tsx', 'src/lib/i18n.ts'];

/** The lazily loaded pages worth preloading from their address (src/app/router.tsx). */
export const PAGE_MODULES: readonly { path: RegExp; module: string }[] = [
  { path: /^\/(plan|edit-route\/[^/]+)\/?$/, module: 'src/app/routes/PlannerPage.tsx' },
  { path: /^\/waze-route\/[^/]+\/?$/, module: 'src/app/routes/NavigationRoute.tsx' },
  { path: /^\/dashboard\/?$/, module: 'src/app/routes/DashboardRoute.tsx' },
  { path: /^\/share\/[^/]+\/?$/, module: 'src/app/routes/SharedRoutePage.tsx' },
  { path: /^\/drive\/[^/]+\/?$/, module: 'src/features/drive/components/DrivePage.tsx' },
  { path: /^\/track\/[^/]+\/?$/, module: 'src/features/track/components/TrackPage.tsx' },
  {
    path: /^\/board\/(route|day)\/[^/]+\/?$/,
    module: 'src/features/dispatch/components/BoardPage.tsx',
  },
];
/** Every page above fetches: the router loads the query client with it. */
const PAGE_COMPANIONS = ['src/app/query-provider.tsx'];
const AUTH_CLIENT = 'node_modules/@supabase/auth-js/dist/module/index.js';

const HEAD_SCRIPT = 'src/app/start-up/head-script.ts';
const PRERENDER_CHECK = 'src/app/start-up/prerender-check.ts';

/**
 * What the pages that show routes share (the query client, the /api and its checks, the domain
 * rules, offline storage, dialogs, export, the Waze hand-off): one chunk ('data') for all of them
 * rather than a dozen small ones, each another round trip on a phone's network.
 */
const DATA_LAYER =
  /[\\/]node_modules[\\/](@tanstack|idb-keyval)[\\/]|[\\/]_shared[\\/]domain[\\/]|[\\/]src[\\/](lib|components|app[\\/]query-provider|features[\\/]navigation[\\/](model|hooks))/;

/**
 * Modules that stay in chunks of their own although several pages use them: the map (Leaflet),
 * the drag-and-drop and CSV libraries, the Auth client, the optimiser and its road table, and the
 * export files, which load on use, and the texts.
 */
const ON_THEIR_OWN =
  /[\\/](leaflet|react-leaflet|@react-leaflet|sortablejs|papaparse|@supabase)[\\/]|[\\/]src[\\/](components[\\/]map|locales|lib[\\/](optimizer|export))[\\/]|[\\/]src[\\/]lib[\\/]routing[\\/](api[\\/]road-table|model[\\/]table-blocks)/;

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

const isCss = (file: string) => file.endsWith('.css');

/** The files of `module`'s chunk with its static imports and styles, `known` left out. */
function filesOf(chunks: readonly ChunkInfo[], module: string, known: ReadonlySet<string>) {
  const chunk = chunkOf(chunks, module);
  if (!chunk) throw new Error(`vite/startup.ts: ${module} is in no chunk`);
  return [...withImports(chunks, chunk, new Set())].filter((file) => !known.has(file));
}

/** The head script's files, read from the bundle; `loaded` are the files every page loads. */
export function startupFiles(
  chunks: readonly ChunkInfo[],
  loaded: ReadonlySet<string>,
  language: string,
): StartupFiles {
  const coreTexts: Record<string, string[]> = {};
  const everyText: Record<string, string[]> = {};
  const pageTexts: Record<string, string[]> = {};
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = /\/src\/locales\/(pages\/)?([a-z]{2,3})\.json(\?raw)?$/.exec(
        id.replaceAll('\\', '/'),
      );
      if (!match) continue;
      const into = match[1] ? pageTexts : match[3] ? everyText : coreTexts;
      (into[match[2]] ??= []).push(chunk.fileName);
    }
  }
  const companions = new Set(PAGE_COMPANIONS.flatMap((module) => filesOf(chunks, module, loaded)));
  return {
    language,
    coreTexts,
    everyText,
    pageTexts,
    pages: PAGE_MODULES.map(({ path: address, module }) => ({
      path: address.source,
      files: [...new Set([...filesOf(chunks, module, loaded), ...companions])],
    })),
    auth: filesOf(chunks, AUTH_CLIENT, loaded),
  };
}

/**
 * The files of the page at `address` beyond `loaded` (its chunks, its query client), scripts
 * first; styles in the order Vite's loader adds them (an imported chunk's before its importer's).
 */
export function pageFiles(
  chunks: readonly ChunkInfo[],
  loaded: ReadonlySet<string>,
  address: string,
): { scripts: string[]; styles: string[] } {
  const page = PAGE_MODULES.find((candidate) => candidate.path.test(address));
  if (!page) return { scripts: [], styles: [] };
  const root = chunkOf(chunks, page.module);
  if (!root) throw new Error(`vite/startup.ts: ${page.module} is in no chunk`);
  const scripts = new Set<string>();
  const styles: string[] = [];
  const visit = (chunk: ChunkInfo) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = chunks.find((candidate) => candidate.fileName === imported);
      if (next) visit(next);
    }
    for (const css of chunk.css) if (!loaded.has(css) && !styles.includes(css)) styles.push(css);
  };
  visit(root);
  for (const module of PAGE_COMPANIONS)
    for (const file of filesOf(chunks, module, loaded)) scripts.add(file);
  return { scripts: [...scripts].filter((file) => !loaded.has(file) && !isCss(file)), styles };
}

/** The <link rel="stylesheet"> Vite wrote into the page for `file`, with the space before it. */
const stylesheetLink = (file: string) =>
  new RegExp(
    `\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );

/**
 * A stylesheet in the page itself (the first paint waits for no request), and a disabled link to
 * its file: a disabled link downloads nothing, and tells Vite's loader, which adds a chunk's
 * stylesheet unless a link to it is in the page, that it is here.
 */
const inlinedStyle = (file: string, css: string): HtmlTagDescriptor[] => [
  { tag: 'style', children: css, injectTo: 'head' },
  { tag: 'link', attrs: { rel: 'stylesheet', href: `/${file}`, disabled: true }, injectTo: 'head' },
];

const modulePreload = (file: string): HtmlTagDescriptor => ({
  tag: 'link',
  attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
  injectTo: 'head',
});

/** Bundles one of the inline scripts from the app's source, with `constants` in place. */
async function bundleScript(
  config: ResolvedConfig,
  entry: string,
  constants: Record<string, unknown>,
): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    publicDir: false,
    logLevel: 'silent',
    // The app's own aliases (@, @domain), not Vite's internal ones.
    resolve: {
      alias: config.resolve.alias.filter(
        (alias: Alias) => typeof alias.find === 'string' && alias.find.startsWith('@'),
      ),
    },
    define: Object.fromEntries(
      Object.entries(constants).map(([name, value]) => [name, JSON.stringify(value)]),
    ),
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(config.root, entry), formats: ['iife'], name: 'startUp' },
      // Only what the script calls: the modules it imports from also set up the app's stores.
      rolldownOptions: { treeshake: { moduleSideEffects: false } },
    },
  });
  const [output] = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return output.output[0].code.trim();
}

export function startup({ prerender = true }: { prerender?: boolean } = {}): Plugin {
  const startupModules = new Set<string>();
  let config: ResolvedConfig;
  let rendering: Promise<RenderedPages> | null = null;
  const scripts = new Map<string, Promise<string>>();
  /** The scripts are the same for every page that gets the same constants: bundled once. */
  const script = (entry: string, constants: Record<string, unknown>) => {
    const key = `${entry} ${JSON.stringify(constants)}`;
    let bundled = scripts.get(key);
    if (!bundled) {
      bundled = bundleScript(config, entry, constants);
      scripts.set(key, bundled);
    }
    return bundled;
  };
  const htmlPath = (file: string) => path.join(config.root, file);
  /** The HTML entries that are copies of index.html (their paths). */
  const copies = new Set<string>();
  const rendered = () => rendering ?? Promise.resolve({ pages: [], languages: [] });

  return {
    name: 'route-planner:startup',
    configResolved(resolved) {
      config = resolved;
      // In a process of its own, while the rest of the build is set up.
      if (prerender && config.command === 'build')
        rendering = renderPages(config.root, config.mode, config.configFile, (message) =>
          config.logger.warn(message),
        );
    },
    config: (_, { command }) =>
      command === 'build'
        ? {
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
          }
        : {},
    // Each page rendered at build time is an HTML entry: index.html, or a copy of it by its name.
    async options(options) {
      if (config.command !== 'build') return null;
      const { pages } = await rendered();
      const input: Record<string, string> =
        typeof options.input === 'string'
          ? { index: options.input }
          : Array.isArray(options.input)
            ? Object.fromEntries(options.input.map((file) => [path.basename(file, '.html'), file]))
            : { ...options.input };
      for (const page of pages) {
        if (page.file === 'index.html') continue;
        copies.add(htmlPath(page.file));
        input[path.basename(page.file, '.html')] = htmlPath(page.file);
      }
      return { ...options, input };
    },
    resolveId: (id) => (copies.has(id) ? id : null),
    load: (id) => (copies.has(id) ? readFile(htmlPath('index.html'), 'utf8') : null),
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
        // The dev server: the theme before the first paint, nothing to preload.
        if (!bundle || !entry) {
          const empty: StartupFiles = {
            language: '',
            coreTexts: {},
            everyText: {},
            pageTexts: {},
            pages: [],
            auth: [],
          };
          return [
            {
              tag: 'script',
              children: await script(HEAD_SCRIPT, { START_UP_FILES: empty }),
              injectTo: 'head-prepend',
            },
          ];
        }
        const { pages, languages } = await rendered();
        const page: RenderedPage | undefined = pages.find(
          (candidate) => `/${candidate.file}` === context.path,
        );
        const chunks: ChunkInfo[] = [];
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.push(chunkInfo(output));
        const entryInfo = chunks.find((chunk) => chunk.fileName === entry.fileName);
        if (!entryInfo) return undefined;
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
          if (!isCss(file)) tags.push(modulePreload(file));
        }
        // The app's styles, which Vite linked, in the page itself.
        let document = html;
        for (const file of [...loaded].filter(isCss)) {
          const link = stylesheetLink(file);
          if (!link.test(document))
            throw new Error(`vite/startup.ts: no <link> to ${file} to inline`);
          document = document.replace(link, '');
          tags.push(...inlinedStyle(file, cssText(file)));
        }
        const files = startupFiles(chunks, loaded, pages[0]?.language ?? '');
        // First in <head>: a script after a stylesheet waits for it.
        tags.push({
          tag: 'script',
          children: await script(HEAD_SCRIPT, { START_UP_FILES: files }),
          injectTo: 'head-prepend',
        });
        if (page) {
          // The page's own code and styles, as its loader would ask for them.
          const own = pageFiles(chunks, loaded, page.path);
          tags.push(...own.scripts.map(modulePreload));
          for (const file of own.styles) tags.push(...inlinedStyle(file, cssText(file)));
          const root = '<div id="root"></div>';
          if (!document.includes(root))
            throw new Error(`vite/startup.ts: no ${root} in ${page.file}`);
          document = document.replace(root, `<div id="root">${page.html}</div>`);
          document = document.replace('</head>', `${page.head}</head>`);
          const { path: address, language } = page;
          tags.push({
            tag: 'script',
            children: await script(PRERENDER_CHECK, {
              PRERENDERED_PAGE: { path: address, language },
              LANGUAGES: languages,
            }),
            injectTo: 'body',
          });
        }
        return { html: document, tags };
      },
    },
  };
}
