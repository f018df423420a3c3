// Renders the app's prerendered pages (src/app/prerender.tsx) into a JSON file.
// Run by vite/prerender.ts in a process of its own during `vite build`: the page's modules run
// under a Vite server in SSR mode with jsdom's window, document and storage standing in for a
// fresh browser, none of which must leak into the build itself.
//
// Usage: node vite/prerender-run.mjs <project root> <mode> <output file> [config file]
import { writeFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const [root = process.cwd(), mode = 'production', output = 'pages.json', configFile] =
  process.argv.slice(2);

const dom = new JSDOM('<!doctype html><html lang="en"><head></head><body></body></html>', {
  url: 'https://prerender.invalid/',
  pretendToBeVisual: true,
});
const { window } = dom;
/** @type {(query: string) => MediaQueryList} */
const matchMedia = (query) =>
  /** @type {MediaQueryList} */ (
    /** @type {unknown} */ ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })
  );
Object.assign(window, { matchMedia });
for (const name of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'matchMedia',
  'HTMLElement',
  'Node',
  'StorageEvent',
]) {
  Object.defineProperty(globalThis, name, {
    value: /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[name],
    configurable: true,
    writable: true,
  });
}

const server = await createServer({
  root,
  mode,
  ...(configFile ? { configFile } : {}),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  // Nothing is served to a browser: no dependency pre-bundling.
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { prerenderPages } = /** @type {{ prerenderPages: () => Promise<unknown> }} */ (
    await server.ssrLoadModule('/src/app/prerender.tsx')
  );
  await writeFile(output, JSON.stringify(await prerenderPages()));
} finally {
  await server.close();
  window.close();
}
// The app's modules leave timers behind (i18next, the theme's listeners): nothing is left to do.
process.exit(0);
