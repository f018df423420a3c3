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

/**
 * No text with less than WCAG AA contrast (4.5:1, 3:1 for large text) against the first
 * mostly opaque background behind it: a check of its own beside axe's color-contrast, which
 * leaves text over semi-transparent or layered backgrounds "incomplete" rather than failing it.
 */
export async function expectReadableText(page: Page) {
  expect(await page.evaluate(lowContrastText), 'text with low contrast').toEqual([]);
}

/**
 * Every link, button, field and meaningful image has an accessible name; one h1 and no
 * heading level skipped on the way down; keyboard focus visible on the first 8 tab stops
 * (leaves the focus on the page's 8th control).
 */
export async function expectNamesHeadingsAndFocus(page: Page) {
  const snapshot = await page.locator('body').ariaSnapshot();
  const unnamed = snapshot
    .split('\n')
    .filter((line) =>
      /^\s*- (link|button|combobox|textbox|img|checkbox|listbox)\b(?! ")/.test(line),
    );
  expect(unnamed, 'unnamed controls').toEqual([]);
  expect(await page.locator('img:not([alt])').count(), 'images without alt').toBe(0);

  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => Number(element.tagName[1])),
  );
  expect(
    levels.filter((level) => level === 1),
    'h1',
  ).toHaveLength(1);
  levels.reduce((previous, level) => {
    expect(level, `heading levels ${levels.join(',')}`).toBeLessThanOrEqual(previous + 1);
    return level;
  }, 1);

  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let index = 0; index < 8; index += 1) {
    await page.keyboard.press('Tab');
    const visible = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return true;
      const ringed = active.closest('.language-switcher') ?? active;
      const style = getComputedStyle(ringed);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
      );
    });
    expect(visible, `focus ring on tab stop ${index + 1}`).toBe(true);
  }
}

/** Text whose colour has less than WCAG AA contrast (4.5:1, 3:1 for large text) with what is behind it. */
function lowContrastText() {
  const parse = (color: string) => {
    const parts = /rgba?\(([^)]+)\)/
      .exec(color)?.[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return parts ? { r: parts[0], g: parts[1], b: parts[2], a: parts[3] ?? 1 } : null;
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const linear = (value: number) =>
      (value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const background = (element: Element | null) => {
    for (let current = element; current; current = current.parentElement) {
      const color = parse(getComputedStyle(current).backgroundColor);
      if (color && color.a > 0.5) return color;
    }
    return { r: 255, g: 255, b: 255 };
  };
  const failures: string[] = [];
  for (const element of document.querySelectorAll('body *')) {
    if (!element.getClientRects().length) continue;
    if (
      ![...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
    )
      continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const foreground = parse(style.color);
    if (!foreground) continue;
    const [a, b] = [luminance(foreground), luminance(background(element))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      failures.push(`${ratio.toFixed(2)} "${element.textContent?.trim().slice(0, 40)}"`);
  }
  return failures;
}
