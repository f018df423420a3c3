import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getRoadDistances } from '../api/road-distances.ts';
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

// Along a meridian, listed out of order: the best order from A is A, B, C, D, E.
const place = (id: string, lat: number): Stop => ({ id, name: `Stop ${id}`, lat, lng: 10 });
const zigzag = [
  place('A', 50),
  place('C', 50.02),
  place('B', 50.01),
  place('E', 50.04),
  place('D', 50.03),
];

function Planner({
  initial,
  onApply = vi.fn(),
  onUndo = vi.fn(),
}: {
  initial: Stop[];
  onApply?: (s: Stop[]) => void;
  onUndo?: (s: Stop[]) => void;
}) {
  const [stops, setStops] = useState(initial);
  return (
    <>
      <ol aria-label="stops">
        {stops.map((stop) => (
          <li key={stop.id}>{stop.id}</li>
        ))}
      </ol>
      <button type="button" onClick={() => setStops((current) => [...current, place('F', 51)])}>
        add stop
      </button>
      <OptimizeRoute
        stops={stops}
        onApply={(reordered) => {
          onApply(reordered);
          setStops(reordered);
        }}
        onUndo={(previous) => {
          onUndo(previous);
          setStops(previous);
        }}
      />
    </>
  );
}

const order = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => item.textContent)
    .join('');
const optimiseButton = () => screen.getByRole('button', { name: 'Optimise route' });

describe('<OptimizeRoute>', () => {
  it('offers the three modes, starting from a fixed start with a free end', () => {
    render(<Planner initial={zigzag} />);
    expect(screen.getByRole('group', { name: 'Route optimisation' })).toBeDefined();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Route type' });
    expect([...select.options].map((option) => option.text)).toEqual([
      'Start here, end anywhere',
      'Start and end fixed',
      'Round trip',
    ]);
    expect(select.value).toBe('fixed-start');
  });

  it('needs 3 stops from a fixed start and 4 for the other modes, and says so', () => {
    render(<Planner initial={zigzag.slice(0, 2)} />);
    expect((optimiseButton() as HTMLButtonElement).disabled).toBe(true);
    expect(optimiseButton().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Add at least 3 stops to optimise this route type.')).toBeDefined();
    cleanup();

    render(<Planner initial={zigzag.slice(0, 3)} />);
    expect((optimiseButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Route type' }), {
      target: { value: 'round-trip' },
    });
    expect((optimiseButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Add at least 4 stops to optimise this route type.')).toBeDefined();
  });

  it('applies the shorter order, shows the saving and undoes it', async () => {
    const onApply = vi.fn();
    const onUndo = vi.fn();
    render(<Planner initial={zigzag} onApply={onApply} onUndo={onUndo} />);
    expect(order()).toBe('ACBED');
    fireEvent.click(optimiseButton());
    await waitFor(() => expect(order()).toBe('ABCDE'));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0][0][1]).toBe(zigzag[2]);
    // 0.04 degrees of latitude (4.4 km) instead of 0.07 (7.8 km).
    expect(screen.getByRole('status').textContent).toBe('Saved 3.3 km (42.9%)');
    expect(screen.getByText('Compared by straight-line distance.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Undo optimisation' }));
    expect(order()).toBe('ACBED');
    expect(onUndo).toHaveBeenCalledWith(zigzag);
    expect(screen.queryByRole('button', { name: 'Undo optimisation' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByText('Compared by straight-line distance.')).toBeNull();
  });

  it('compares road distances when the route service gives them, and says so', async () => {
    // By road, B is far from A (a river between them): A, C, B, ... is shorter than A, B, C, ...
    const latitudes = zigzag.map((stop) => stop.lat);
    const distances = latitudes.map((from, i) =>
      latitudes.map((to, j) => {
        if (i === j) return 0;
        const metres = Math.abs(from - to) * 111_000;
        return zigzag[i].id === 'B' || zigzag[j].id === 'B' ? metres + 20_000 : metres;
      }),
    );
    vi.mocked(getRoadDistances).mockResolvedValueOnce({ distances, estimated: false });
    render(<Planner initial={zigzag} />);
    fireEvent.click(optimiseButton());
    await screen.findByText('Compared by road distance.');
    expect(vi.mocked(getRoadDistances)).toHaveBeenCalledWith(zigzag, expect.any(AbortSignal));
    // B costs 20 km more on every edge: the road order visits it last (one edge instead of two).
    expect(order()).toMatch(/^A[CDE]{3}B$/);
  });

  it('keeps the order when it is already the shortest', async () => {
    const onApply = vi.fn();
    render(<Planner initial={[zigzag[0], zigzag[2], zigzag[1]]} onApply={onApply} />);
    fireEvent.click(optimiseButton());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'This order is already the shortest found.',
      ),
    );
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Undo optimisation' })).toBeNull();
  });

  it('drops the saving and the undo once the stops are edited', async () => {
    render(<Planner initial={zigzag} />);
    fireEvent.click(optimiseButton());
    await screen.findByRole('button', { name: 'Undo optimisation' });
    fireEvent.click(screen.getByRole('button', { name: 'add stop' }));
    expect(order()).toBe('ABCDEF');
    expect(screen.queryByRole('button', { name: 'Undo optimisation' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
