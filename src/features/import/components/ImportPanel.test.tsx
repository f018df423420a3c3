import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiClient: { get: (...args: unknown[]) => get(...args) },
}));

import { ImportPanel } from './ImportPanel';

/** A geocoder that knows "Street n" as a point near Lyon, and nothing else. */
const answer = (path: string, options: { query: { q: string } }) => {
  const match = /^Street (\d+)$/.exec(options.query.q);
  if (path !== '/geocoding/search' || !match) return Promise.resolve([]);
  const n = Number(match[1]);
  return Promise.resolve([
    { display_name: `Street ${n}, Lyon, France`, lat: 45.7 + n / 10_000, lng: 4.8 },
  ]);
};

/** Lets pending answers, renders and the lookups' event-loop breaks run. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const untilProgress = async (done: string) => {
  while (screen.getByRole('progressbar').getAttribute('aria-valuenow') !== done) await settle();
};

describe('ImportPanel', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
  });

  it('imports 200 pasted addresses: progress to 200 of 200, every stop added once in line order', async () => {
    get.mockImplementation(answer);
    const onAdd = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPanel onAdd={onAdd} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const lines = Array.from({ length: 200 }, (_, index) => `Street ${index + 1}`);
    fireEvent.change(screen.getByLabelText('Addresses or CSV text'), {
      target: { value: [...lines, '', 'Nowhere at all'].join('\n') },
    });
    await settle();
    // (text queries: role queries over 200 rows are slow in jsdom)
    expect(
      (await screen.findByText('Lines read: 201', undefined, { timeout: 10_000 })).tagName,
    ).toBe('H4');

    fireEvent.click(screen.getByText('Import', { selector: 'button' }));
    await untilProgress('201');
    const bar = screen.getByRole('progressbar', { name: 'Looking up addresses' });
    expect(bar.getAttribute('aria-valuemax')).toBe('201');
    expect(bar.getAttribute('aria-valuetext')).toBe('201 of 201');
    expect(get).toHaveBeenCalledTimes(201);
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Ready: 200 · To check: 1 · Not looked up: 0',
    );
    const missing = screen.getByText('Line 202').closest('li')!;
    expect(within(missing).getByText(/No place found/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add to route (200)' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const added = onAdd.mock.calls[0][0] as { name: string }[];
    expect(added.map((stop) => stop.name)).toEqual(lines.map((line) => `${line}, Lyon, France`));
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Ready: 0 · To check: 1 · Not looked up: 0',
    );

    // The same list again: answered from the cache, no new request.
    fireEvent.click(screen.getByText('Start over', { selector: 'button' }));
    fireEvent.change(screen.getByLabelText('Addresses or CSV text'), {
      target: { value: lines.slice(0, 50).join('\n') },
    });
    await settle();
    fireEvent.click(screen.getByText('Import', { selector: 'button' }));
    await untilProgress('50');
    expect(get).toHaveBeenCalledTimes(201);
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Ready: 50 · To check: 0 · Not looked up: 0',
    );
  }, 60_000);

  it('looks a repeated line up once and fills every line that repeats it', async () => {
    get.mockImplementation(answer);
    const onAdd = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPanel onAdd={onAdd} onClose={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Addresses or CSV text'), {
      target: { value: 'Street 7\nStreet 8\nStreet 7' },
    });
    expect(await screen.findByText('Lines read: 3', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await untilProgress('3');
    expect(screen.getByTestId('import-summary').textContent).toBe(
      'Ready: 3 · To check: 0 · Not looked up: 0',
    );
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Add to route (3)' }));
    expect((onAdd.mock.calls[0][0] as { name: string }[]).map((stop) => stop.name)).toEqual([
      'Street 7, Lyon, France',
      'Street 8, Lyon, France',
      'Street 7, Lyon, France',
    ]);
  }, 30_000);

  it('reads the time window, time at stop and load columns, and names each value it cannot read', async () => {
    get.mockImplementation(answer);
    const onAdd = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPanel onAdd={onAdd} onClose={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Addresses or CSV text'), {
      target: {
        value:
          'Address;Time window;Time at stop;Parcels\nStreet 1;9-12;10 min;3\nStreet 2;lunch;0:75;lots\n',
      },
    });
    expect(await screen.findByText('Lines read: 2', undefined, { timeout: 10_000 })).toBeTruthy();
    // The preview shows what it read, and says what it could not before anything is imported.
    expect(screen.getByTestId('import-day').textContent).toBe(
      'Window 09:00–12:00 · 10m at the stop · Load 3',
    );
    const issues = within(screen.getByTestId('import-day-issues'));
    expect(issues.getByText(/^Line 3: the time window “lunch” could not be read/)).toBeTruthy();
    expect(issues.getByText(/^Line 3: the time at the stop “0:75” could not be read/)).toBeTruthy();
    expect(issues.getByText(/^Line 3: the load “lots” could not be read/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await untilProgress('2');
    // Still listed while reviewing, with the hint that the times come with the stops.
    expect(within(screen.getByTestId('import-day-issues')).getAllByRole('listitem')).toHaveLength(
      3,
    );
    expect(screen.getByText(/Open “Times of the day”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to route (2)' }));
    expect(onAdd.mock.calls[0][0]).toEqual([
      {
        name: 'Street 1, Lyon, France',
        lat: 45.7 + 1 / 10_000,
        lng: 4.8,
        window: { start: '09:00', end: '12:00' },
        serviceMinutes: 10,
        load: 3,
      },
      { name: 'Street 2, Lyon, France', lat: 45.7 + 2 / 10_000, lng: 4.8 },
    ]);
  }, 30_000);

  it('previews the list as typed, and Import takes it as typed', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPanel onAdd={() => {}} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText('Addresses or CSV text');
    fireEvent.change(field, { target: { value: 'Street 1' } });
    expect(await screen.findByText('Lines read: 1')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Street 1\nStreet 2\nStreet 3' } });
    expect(await screen.findByText('Lines read: 3')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Street 1\nStreet 2\nStreet 3\nStreet 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuemax')).toBe('4');
    cleanup();
  });
});
