import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's script, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * No serious or critical axe violation (WCAG 2.1 A/AA) on the page as it is now, or in the
 * part of it that `include` selects.
 *
 * axe-core runs straight in the page (injected once per document, through the DevTools
 * protocol, which the page's Content-Security-Policy does not apply to) rather than through
 * @axe-core/playwright: its `analyze()` injected the script again on every call and opened a
 * blank page to merge the results, about 1 s of a 2-core machine per check against 0.3 s here.
 * The pages have no frames, which is what that merge is for.
 */
export async function expectAccessible(page: Page, include?: string) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ selector, options }) => {
      const { axe } = globalThis as unknown as { axe: { run: typeof import('axe-core').run } };
      const results: AxeResults = await axe.run(
        selector ? { include: [selector] } : document,
        options,
      );
      return results.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
    },
    { selector: include, options: OPTIONS },
  );
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.targets.join(', ')}`);
  expect(serious).toEqual([]);
}
