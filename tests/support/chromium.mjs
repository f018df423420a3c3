// Which Chromium the end-to-end tests and the benchmarks launch: always Debian's, never a
// downloaded one.
import { existsSync } from 'node:fs';

/** Debian's `chromium-headless-shell` package: Chromium's headless build. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's `chromium` package: the desktop browser. */
export const DESKTOP_CHROMIUM = '/usr/bin/chromium';

/**
 * CHROME_PATH when set; otherwise the headless shell when installed (the same Chromium build
 * without the desktop browser's own interface, which is what Playwright runs headless tests
 * in), else the desktop browser. A run that shows a window (`watched`) needs the desktop one.
 *
 * Why the shell: the desktop browser started headless still renders its hidden window's
 * interface in a renderer of its own (`--top-chrome-webui`), which took up to half a core
 * beside every page: ~40 % more CPU for the end-to-end suite, and, in the page-speed
 * benchmark on this 2-core machine, blocking time and paint that measured the browser's own
 * interface as much as the page (the planner's LCP 1.6–1.8 s there, 1.0–1.1 s in the shell).
 * @param {{watched?: boolean}} [options]
 * @returns {string}
 */
export function chromiumExecutable({ watched = false } = {}) {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return !watched && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP_CHROMIUM;
}

/** The command-line switches every launch uses (the machine has no GPU and no internet). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
