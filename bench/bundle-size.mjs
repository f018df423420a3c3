// Page weight (issue 7): builds the SPA, serves it with `vite preview`, opens each page in
// Debian's Chromium and sums the gzipped size of every JavaScript file the page loaded.
// Targets: landing under 120 KB, planner under 300 KB.
import { build, preview } from 'vite';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGES = [
  { name: 'landing', path: '/', targetKb: 120 },
  { name: 'planner', path: '/plan', targetKb: 300 },
  { name: 'login', path: '/login' },
  { name: 'dashboard', path: '/dashboard', guest: true },
  { name: 'shared-route', path: '/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { name: 'navigation', path: '/waze-route/00000000-0000-4000-8000-000000000000', guest: true },
];

/** `--files` lists each page's scripts with their gzipped size. */
const showFiles = process.argv.includes('--files');

const outDir = mkdtempSync(path.join(tmpdir(), 'route-planner-bundle-'));
process.env.VITE_SUPABASE_ANON_KEY ??= 'sb_publishable_bench';
await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } });
// No proxy to a backend: the page weight does not depend on the API's answers.
const server = await preview({
  configFile: false,
  root,
  logLevel: 'error',
  build: { outDir },
  preview: { port: 0, strictPort: false },
});
const localUrl = server.resolvedUrls?.local[0];
if (!localUrl) throw new Error('vite preview did not report a local URL');
const baseUrl = localUrl.replace(/\/$/, '');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let failed = false;
try {
  for (const page of PAGES) {
    const context = await browser.newContext();
    // Only the SPA's own files are measured; nothing leaves the machine.
    await context.route(
      (url) => !url.href.startsWith(baseUrl),
      (route) => route.abort(),
    );
    if (page.guest) await context.addInitScript(() => localStorage.setItem('guestMode', 'true'));
    const tab = await context.newPage();
    /** @type {Map<string, Promise<number>>} */
    const scripts = new Map();
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
    const bytes = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
    const kb = bytes / 1024;
    let verdict = '';
    if (page.targetKb) {
      const met = kb < page.targetKb;
      failed ||= !met;
      verdict = `  target<${page.targetKb}KB  ${met ? 'ok' : 'MISSED'}`;
    }
    console.log(
      `bundle  ${page.name.padEnd(13)} js-gzip=${kb.toFixed(1)}KB  files=${scripts.size}${verdict}`,
    );
    if (showFiles) {
      for (const [url, size] of scripts)
        console.log(
          `          ${((await size) / 1024).toFixed(1).padStart(6)}KB  ${new URL(url).pathname}`,
        );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
