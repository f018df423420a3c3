/**
 * Renders the pages the build writes into HTML files of their own (src/app/prerender.tsx): in a
 * process of its own (vite/prerender-run.mjs), so that jsdom's globals, which stand in for a
 * fresh browser there, stay out of the build.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { RenderedPage } from '../src/app/start-up/build-data.ts';

export type { RenderedPage };

export interface RenderedPages {
  pages: RenderedPage[];
  /** The languages the app has texts of. */
  languages: string[];
}

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
): Promise<RenderedPages> {
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
    return JSON.parse(await readFile(output, 'utf8')) as RenderedPages;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
