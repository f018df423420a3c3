// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { inAppDestination } from './link-destination';

/** A click on a link to `href` (with `attributes`), on its text. */
function clickOn(href: string, init: MouseEventInit = {}, attributes: Record<string, string> = {}) {
  const link = document.createElement('a');
  link.href = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const text = document.createElement('span');
  link.append(text);
  document.body.append(link);
  const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: text });
  return event;
}

describe('the page a click opens in this tab', () => {
  afterEach(() => document.body.replaceChildren());

  it('is the path of an in-app link, the click on its content', () => {
    expect(inAppDestination(clickOn('/dashboard'), window.location)).toBe('/dashboard');
    expect(inAppDestination(clickOn('/edit-route/7?x=1#y'), window.location)).toBe('/edit-route/7');
  });

  it('is none for a click that opens another tab or window, or a download', () => {
    for (const init of [
      { button: 1 },
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
    ])
      expect(inAppDestination(clickOn('/dashboard', init), window.location)).toBeNull();
    expect(
      inAppDestination(clickOn('/dashboard', {}, { target: '_blank' }), window.location),
    ).toBeNull();
    expect(inAppDestination(clickOn('/dashboard', {}, { target: '_self' }), window.location)).toBe(
      '/dashboard',
    );
    expect(
      inAppDestination(clickOn('/dashboard', {}, { download: '' }), window.location),
    ).toBeNull();
  });

  it('is none for another origin, the page shown, or a click off any link', () => {
    expect(inAppDestination(clickOn('https://example.com/dashboard'), window.location)).toBeNull();
    expect(inAppDestination(clickOn(window.location.pathname), window.location)).toBeNull();
    const off = new MouseEvent('click', { button: 0 });
    Object.defineProperty(off, 'target', { value: document.body });
    expect(inAppDestination(off, window.location)).toBeNull();
  });
});
