import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { loadRoadTableFromApi } from '@/lib/routing';
import { OptimizeRoute, type OptimizeStop } from './OptimizeRoute.tsx';

// The route service at the module boundary: no road table unless a test gives one.
vi.mock('@/lib/routing', () => ({ loadRoadTableFromApi: vi.fn(async () => null) }));
vi.mock('../api/road-distances.ts', () => ({ getRoadDistances: vi.fn(async () => null) }));

// jsdom has no Web Worker: the fake answers with the real protocol handler.
vi.mock('@/lib/optimizer/create-worker.ts', async () => {
  const { FakeOptimizeWorker } = await import('@/test/fake-optimize-worker.ts');
  return { createOptimizeWorker: () => new FakeOptimizeWorker() };
});

interface Stop extends OptimizeStop {
  id: string;
}

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 0,
  end: 'last-stop',
};

/**
 * Places 1 km apart along a meridian (the road table below: 10 minutes and 10 km a step).
 * Listed out of order; the pharmacy's window closes before anyone can get there.
 */
const depot: Stop = { id: 'depot', name: 'Depot', lat: 50, lng: 10 };
const bakery: Stop = {
  id: 'bakery',
  name: 'Bakery',
  lat: 50.01,
  lng: 10,
  window: { start: '08:00', end: '08:15' },
};
const school: Stop = { id: 'school', name: 'School', lat: 50.02, lng: 10 };
const pharmacy: Stop = {
  id: 'pharmacy',
  name: 'Pharmacy',
  lat: 50.03,
  lng: 10,
  window: { start: '08:00', end: '08:20' },
};

/** A road table as the blocks' loader answers it: row-major metres and seconds. */
const roadTable = ({ distances, durations }: { distances: number[][]; durations: number[][] }) => ({
  size: distances.length,
  distances: Float64Array.from(distances.flat()),
  durations: Float64Array.from(durations.flat()),
});

function lineTable(count: number) {
  const matrix = (step: number) =>
    Array.from({ length: count }, (_, i) =>
      Array.from({ length: count }, (_, j) => step * Math.abs(i - j)),
    );
  return { distances: matrix(10_000), durations: matrix(600), estimated: false };
}

function Planner({ initial, plan = PLAN }: { initial: Stop[]; plan?: DayPlan | null }) {
  const [stops, setStops] = useState(initial);
  return (
    <>
      <ol aria-label="stops">
        {stops.map((stop) => (
          <li key={stop.id}>{stop.id}</li>
        ))}
      </ol>
      <OptimizeRoute stops={stops} dayPlan={plan} onApply={setStops} onUndo={setStops} />
    </>
  );
}

/** Renders the planner and waits for the day's optimiser, which loads on first use. */
async function renderDay(initial: Stop[]) {
  render(<Planner initial={initial} />);
  await screen.findByText(/times count: departure/);
}

const order = () =>
  screen
    .getAllByRole('listitem')
    .filter((item) => item.closest('ol'))
    .map((item) => item.textContent);

describe('<OptimizeRoute> with a day plan', () => {
  it('says the day counts instead of offering route types', async () => {
    await renderDay([depot, school, bakery]);
    expect(
      screen.getByText(
        /times count: departure, time at stops, windows, locks and where the day ends/,
      ),
    ).toBeDefined();
    expect(screen.queryByRole('combobox', { name: 'Route type' })).toBeNull();
  });

  it('orders by the windows on road times, names the stop it cannot reach, and keeps it', async () => {
    // Road table ordered as the stops are listed: depot, pharmacy, school, bakery.
    vi.mocked(loadRoadTableFromApi).mockImplementationOnce(async () => {
      const along = [0, 3, 2, 1];
      const table = lineTable(4);
      const pick = (matrix: number[][]) => along.map((i) => along.map((j) => matrix[i][j]));
      return roadTable({ distances: pick(table.distances), durations: pick(table.durations) });
    });
    await renderDay([depot, pharmacy, school, bakery]);
    fireEvent.click(screen.getByRole('button', { name: 'Optimise route' }));

    await waitFor(() => expect(order()).toEqual(['depot', 'bakery', 'school', 'pharmacy']), {
      timeout: 10_000,
    });
    // 30 minutes from the depot: 08:30 at the earliest, and its window closes at 08:20 (jsdom's
    // browser is en-US: a 12-hour clock).
    expect(screen.getByTestId('unreachable-stops').textContent).toBe(
      'Pharmacy: earliest arrival 8:30 AM, window closes 8:20 AM',
    );
    expect(screen.getByText('These stops cannot be reached in time:')).toBeDefined();
    expect(screen.getByText('Compared by road travel times.')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(
      'Better: 1 fewer late stop, finishing 20m earlier, and 20 km less driving (40%). The day finishes at 8:30 AM.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Undo optimisation' }));
    expect(order()).toEqual(['depot', 'pharmacy', 'school', 'bakery']);
  });

  it('says what the windows cost: on time for 5 km more driving and a later finish', async () => {
    // The depot, a stop 5 km west, and one 10 km east whose window closes at 08:10.
    const positions = [0, -0.5, 1];
    vi.mocked(loadRoadTableFromApi).mockImplementationOnce(async () => {
      const matrix = (step: number) =>
        positions.map((a) => positions.map((b) => step * Math.abs(a - b)));
      return roadTable({ distances: matrix(10_000), durations: matrix(600) });
    });
    const west: Stop = { id: 'west', name: 'West', lat: 50, lng: 9.99 };
    const east: Stop = {
      id: 'east',
      name: 'East',
      lat: 50,
      lng: 10.02,
      window: { start: '08:00', end: '08:10' },
    };
    await renderDay([depot, west, east]);
    fireEvent.click(screen.getByRole('button', { name: 'Optimise route' }));
    await waitFor(() => expect(order()).toEqual(['depot', 'east', 'west']), { timeout: 10_000 });
    expect(screen.getByRole('status').textContent).toBe(
      'Better: 1 fewer late stop. In exchange: 5.0 km more driving and finishing 5m later. The day finishes at 8:25 AM.',
    );
  });

  it('keeps a stop locked first right after the start, and says when it compared straight lines', async () => {
    const lockedSchool = { ...school, lock: 'first' as const };
    await renderDay([depot, bakery, pharmacy, lockedSchool]);
    fireEvent.click(screen.getByRole('button', { name: 'Optimise route' }));
    await waitFor(() => expect(order()[1]).toBe('school'), { timeout: 10_000 });
    expect(
      screen.getByText(
        'Compared by straight-line travel times at 50 km/h: the route service did not answer.',
      ),
    ).toBeDefined();
  });

  it('says how far the road times have got and how long they still take, then searches', async () => {
    let arrive: () => void = () => {};
    vi.mocked(loadRoadTableFromApi).mockImplementationOnce(async (_places, options) => {
      options?.onProgress?.({ done: 34, total: 100, leftMs: 130_000 });
      await new Promise<void>((resolve) => (arrive = resolve));
      options?.onProgress?.({ done: 100, total: 100, leftMs: 0 });
      return roadTable(lineTable(3));
    });
    await renderDay([depot, school, bakery]);
    fireEvent.click(screen.getByRole('button', { name: 'Optimise route' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Road times: 34 of 100 blocks… About 2 minutes left.',
      ),
    );
    arrive();
    await waitFor(() => expect(screen.getByText('Compared by road travel times.')).toBeDefined(), {
      timeout: 10_000,
    });
  });

  it('without a departure it is the plain optimiser', () => {
    render(<Planner initial={[depot, school, bakery]} plan={{ defaultServiceMinutes: 5 }} />);
    expect(screen.getByRole('combobox', { name: 'Route type' })).toBeDefined();
  });
});
