import { act, render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { MapView } from './MapView';

vi.mock('@/config/env', () => ({ env: { tileUrl: 'http://tiles.invalid/{z}/{x}/{y}.png' } }));
// jsdom has no ResizeObserver (the map watches its container's size with one).
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

beforeAll(async () => {
  await i18nReady;
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

const zoomButtons = (container: HTMLElement) =>
  [...container.querySelectorAll('.leaflet-control-zoom a')].map((button) => [
    button.getAttribute('title'),
    button.getAttribute('aria-label'),
  ]);

describe('the map’s zoom buttons', () => {
  it('are named in the page’s language, and follow a change of language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const { container } = render(<MapView label="Carte" />);
    await waitFor(
      () =>
        expect(zoomButtons(container)).toEqual([
          ['Zoom avant', 'Zoom avant'],
          ['Zoom arrière', 'Zoom arrière'],
        ]),
      { timeout: 5000 },
    );
    await act(() => i18n.changeLanguage('de'));
    await waitFor(
      () =>
        expect(zoomButtons(container)).toEqual([
          ['Vergrößern', 'Vergrößern'],
          ['Verkleinern', 'Verkleinern'],
        ]),
      { timeout: 5000 },
    );
  });
});
