/**
 * Pages rendered at build time (the target: LCP <= 2.5 s on a mid-range phone over fast 3G). The
 * app renders in the browser once its code has arrived, about 2.1 s into a cold visit on that
 * profile; the landing page and the empty planner are in index.html already, as the app's first
 * render shows them (src/app/prerender.tsx, run by vite/prerender-run.mjs), so the first paint
 * needs only the HTML and its styles.
 *
 * - Each page is a <template> in the body: inert markup, shown only when vite/startup.ts's inline
 *   script (which knows the visit's language and stored session) found the one for this visit
 *   and marked it on <html data-prerender>. The body script below copies it into #root then,
 *   inert (no focus, no taps, hidden from assistive technology) until the app's render, with
 *   the same content, replaces it.
 * - The styles a page's own chunk brings (the planner's) are inlined in its template: they
 *   apply with the markup, after the app's stylesheet as the page's loader would add them.
 * - src/main.tsx removes the copy right before the app's first render, in the same task.
 *
 * Only the default language: each language more would weigh on every visit's HTML.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What src/app/prerender.tsx renders (its PrerenderedPage). */
export interface PrerenderedPage {
  path: string;
  signedIn: boolean | null;
  skipWhenStored: { localStorage: string[]; sessionStorage: string[] };
  html: string;
}

export interface PrerenderedPages {
  language: string;
  pages: PrerenderedPage[];
}

/** What the startup script needs to choose a page: everything but the markup. */
export type PrerenderChoice = Omit<PrerenderedPages, 'pages'> & {
  pages: Omit<PrerenderedPage, 'html'>[];
};

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'prerender-run.mjs');

/** The longest the pages may take to render (a hung renderer must not hang the build). */
const RENDER_TIMEOUT_MS = 180_000;

/**
 * Renders the pages in a process of its own (jsdom's globals stay out of the build), which
 * writes them to a file; what it prints (React's or i18next's warnings) is passed on.
 */
export async function renderPages(
  root: string,
  mode: string,
  configFile: string | undefined,
  warn: (message: string) => void,
): Promise<PrerenderedPages> {
  const folder = await mkdtemp(path.join(tmpdir(), 'route-planner-prerender-'));
  const output = path.join(folder, 'pages.json');
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [RUNNER, root, mode, output, configFile ?? ''],
        { cwd: root, timeout: RENDER_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const text = `${stdout}${stderr}`.trim();
          if (error)
            reject(
              new Error(`vite/prerender.ts: rendering the pages failed\n${text || error.message}`),
            );
          else resolve(text);
        },
      );
    });
    if (printed) warn(`while rendering the pages:\n${printed}`);
    return JSON.parse(await readFile(output, 'utf8')) as PrerenderedPages;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const choiceOf = ({ language, pages }: PrerenderedPages): PrerenderChoice => ({
  language,
  pages: pages.map(({ path, signedIn, skipWhenStored }) => ({ path, signedIn, skipWhenStored })),
});

/** The id of page `index`'s template (the startup script names the index). */
export const templateId = (index: number) => `prerender-${index}`;

/**
 * Each page's template: its id and content. `stylesOf(path)` is the CSS the page's own chunks
 * bring (none for a page whose styles are in the app's stylesheet).
 */
export function prerenderTemplates(
  { pages }: PrerenderedPages,
  stylesOf: (path: string) => string,
): { id: string; content: string }[] {
  return pages.map((page, index) => {
    const styles = stylesOf(page.path);
    return {
      id: templateId(index),
      content: `${styles ? `<style>${styles}</style>` : ''}${page.html}`,
    };
  });
}

/** Copies the chosen template into #root (plain ES5, run as the body is parsed). */
export const PRERENDER_BODY_SCRIPT = `(function () {
  var chosen = document.documentElement.getAttribute('data-prerender');
  var template = chosen && document.getElementById('prerender-' + chosen);
  var root = document.getElementById('root');
  if (!template || !root || !template.content) return;
  var page = document.createElement('div');
  page.id = 'prerender';
  // A picture of the page until the app's own render replaces it (src/main.tsx): nothing in it
  // takes the focus, a tap or a screen reader's attention (a field typed into would be lost).
  page.setAttribute('inert', '');
  page.setAttribute('aria-hidden', 'true');
  page.appendChild(template.content.cloneNode(true));
  root.appendChild(page);
})();`;
