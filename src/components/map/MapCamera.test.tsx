import { render, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { MapCamera, type MapCameraProps } from './MapCamera';
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
afterEach(() => {
  vi.restoreAllMocks();
});

const a = { lat: 48.85, lng: 2.35 };
const b = { lat: 48.86, lng: 2.36 };
const c = { lat: 48.87, lng: 2.37 };

function spyOnMoves() {
  const fits = vi.spyOn(L.Map.prototype, 'fitBounds').mockImplementation(function (this: L.Map) {
    return this;
  });
  const flights = vi.spyOn(L.Map.prototype, 'flyTo').mockImplementation(function (this: L.Map) {
    return this;
  });
  return { fits, flights };
}

const camera = (props: Partial<MapCameraProps>) => (
  <MapView label="Map">
    <MapCamera request={null} {...props} />
  </MapView>
);

describe('MapCamera', () => {
  it('fits the first points it is given, once in the map’s life', async () => {
    const { fits } = spyOnMoves();
    const view = render(camera({ fitFirst: [] }));
    view.rerender(camera({ fitFirst: [a, b] }));
    await waitFor(() => expect(fits).toHaveBeenCalledTimes(1));
    const bounds = fits.mock.calls[0][0] as L.LatLngBounds;
    expect(bounds.contains([a.lat, a.lng]) && bounds.contains([b.lat, b.lng])).toBe(true);

    view.rerender(camera({ fitFirst: [a, b, c] }));
    view.rerender(camera({ fitFirst: [c] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fits).toHaveBeenCalledTimes(1);
  });

  it('centres on each new point it is given, at the zoom asked', async () => {
    const { flights } = spyOnMoves();
    const view = render(camera({ centerOn: null, centerZoom: 13 }));
    view.rerender(camera({ centerOn: a, centerZoom: 13 }));
    await waitFor(() => expect(flights).toHaveBeenCalledTimes(1));
    expect(flights.mock.calls[0][0]).toEqual(L.latLng(a.lat, a.lng));
    expect(flights.mock.calls[0][1]).toBe(13);

    view.rerender(camera({ centerOn: a, centerZoom: 13 }));
    view.rerender(camera({ centerOn: { ...b }, centerZoom: 13 }));
    await waitFor(() => expect(flights).toHaveBeenCalledTimes(2));
    expect(flights.mock.calls[1][0]).toEqual(L.latLng(b.lat, b.lng));
  });

  it('moves for a new request of the page, after what it does by itself', async () => {
    const { fits, flights } = spyOnMoves();
    render(
      camera({
        fitFirst: [a, b],
        centerOn: c,
        request: { id: 1, kind: 'center', point: b, zoom: 16 },
      }),
    );
    await waitFor(() => expect(flights).toHaveBeenCalledTimes(2));
    expect(fits).toHaveBeenCalledTimes(1);
    expect(flights.mock.calls[1][0]).toEqual(L.latLng(b.lat, b.lng));
    expect(flights.mock.invocationCallOrder[1]).toBeGreaterThan(fits.mock.invocationCallOrder[0]);
  });
});
