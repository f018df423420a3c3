import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LatLng } from '@domain/geo.ts';
import { createTimeFormat, timeLocale, useTimeFormat } from '@/lib/day-plan';
import type { DriveRoute } from '@/lib/driver-reports';
import { renderWithProviders } from '@/test/render';
import { ReorderLeft } from './ReorderLeft';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
// jsdom has no Web Worker: the fake answers with the real protocol handler (the real engine).
vi.mock('@/lib/optimizer/create-worker.ts', async () => {
  const { FakeOptimizeWorker } = await import('@/test/fake-optimize-worker.ts');
  return { createOptimizeWorker: () => new FakeOptimizeWorker() };
});
// The road times at the module boundary: 10 minutes (and 10 km) for each 0.01° of longitude.
vi.mock('@/lib/routing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/routing')>()),
  loadRoadTableFromApi: vi.fn(async (places: readonly LatLng[]) => {
    const size = places.length;
    const steps = places.flatMap((a) => places.map((b) => Math.abs(a.lng - b.lng) / 0.01));
    return {
      size,
      durations: Float64Array.from(steps, (step) => Math.round(step * 600)),
      distances: Float64Array.from(steps, (step) => Math.round(step * 10_000)),
    };
  }),
}));

const MINUTE = 60_000;

/**
 * Along a line from the start: the planned order goes far first, then back; the market is locked
 * last, so the best order from the start is bakery, school, harbour, then the market.
 */
const route: DriveRoute = {
  title: 'Monday — Driver 2',
  version: '2030-03-04T07:00:00.000Z',
  timeZone: 'UTC',
  stops: [
    { id: 'depot', name: 'Depot', lat: 50, lng: 10 },
    { id: 'harbour', name: 'Harbour', lat: 50, lng: 10.03 },
    { id: 'bakery', name: 'Bakery', lat: 50, lng: 10.01 },
    { id: 'school', name: 'School', lat: 50, lng: 10.02 },
    { id: 'market', name: 'Market', lat: 50, lng: 10.005, lock: 'last' },
  ],
};

/** The driver's page around the button: its times read in the route's zone. */
function Reorder() {
  const format = useTimeFormat('UTC');
  return <ReorderLeft token="tok" route={route} waiting={0} format={format} />;
}

/** The /api: every request kept; a new order answers the page in that order. */
function stubApi() {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method: init?.method ?? 'GET', url, body });
      if (url === '/api/drive/tok/order' && init?.method === 'POST') {
        const ids = (body as { stopIds: string[] }).stopIds;
        return Response.json({
          ...route,
          version: '2030-03-04T07:05:00.000Z',
          stops: [route.stops[0], ...ids.map((id) => route.stops.find((stop) => stop.id === id))],
        });
      }
      if (url === '/api/drive/tok') return Response.json(route);
      return Response.json({ error: 'not found' }, { status: 404 });
    }),
  );
  return requests;
}

/** A time as the page writes it (the same format: the app's language, the route's zone). */
const clock = (instant: number) =>
  createTimeFormat('en', timeLocale('en', navigator.languages), 'UTC').time(instant);

/** Opens the preview and answers the list shown, with the moments it was worked out between. */
async function preview() {
  const before = Date.now();
  fireEvent.click(screen.getByRole('button', { name: 'Re-order what is left from here' }));
  const list = await screen.findByRole(
    'list',
    { name: 'Stops left in the new order' },
    { timeout: 15_000 },
  );
  return { list, before, after: Date.now() };
}

describe('ReorderLeft', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the new order with its times before anything changes; keeping the order sends nothing', async () => {
    const requests = stubApi();
    renderWithProviders(<Reorder />);
    const { list, before, after } = await preview();

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.driver__reorder-name')?.textContent)).toEqual([
      'Bakery',
      'School',
      'Harbour',
      'Market',
    ]);
    // From the start now: 10, 20 and 30 minutes along the line, then 25 back to the market.
    [10, 20, 30, 55].forEach((minutes, index) => {
      const shown = items[index].textContent ?? '';
      const expected = [before, after].map((now) => `about ${clock(now + minutes * MINUTE)}`);
      expect(
        expected.some((text) => shown.includes(text)),
        `${shown} ${expected.join()}`,
      ).toBe(true);
    });
    expect(
      screen.getByText(/^From the start, Depot \(your position is not available\)/),
    ).toBeTruthy();
    expect(screen.getByText('Every time window is kept.')).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Keep the current order' }));
    expect(screen.queryByRole('list', { name: 'Stops left in the new order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-order what is left from here' })).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('sends the order shown over the version read when the driver takes it', async () => {
    const requests = stubApi();
    renderWithProviders(<Reorder />);
    await preview();

    fireEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The new order is saved. The dispatcher sees it too.',
      ),
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/drive/tok/order',
        body: {
          stopIds: ['bakery', 'school', 'harbour', 'market'],
          version: '2030-03-04T07:00:00.000Z',
        },
      },
    ]);
    expect(screen.queryByRole('list', { name: 'Stops left in the new order' })).toBeNull();
  });
});
