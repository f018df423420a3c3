import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
// The real ApiError (what the client throws); no configuration or session needed here.
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiClient: { get: (...args: unknown[]) => get(...args) },
}));

import { ApiError } from '@/lib/api-client';
import { PlaceSearch } from './PlaceSearch';

const paris = {
  name: 'Paris',
  address: 'Île-de-France, France',
  display_name: 'Paris, Île-de-France, France',
  lat: 48.85,
  lng: 2.35,
};
const parisTx = {
  name: 'Paris',
  address: 'Lamar County, Texas, United States',
  display_name: 'Paris, Lamar County, Texas, United States',
  lat: 33.66,
  lng: -95.55,
};

function renderSearch(bias: { lat: number; lng: number; zoom?: number } | null = null) {
  const onPick = vi.fn();
  const onPickPoint = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlaceSearch onPick={onPick} onPickPoint={onPickPoint} bias={bias} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Search for an address' });
  return { onPick, onPickPoint, input };
}

const typeText = (input: HTMLElement, value: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
};
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** React renders at the end of each act(): the debounce, then the fetch, then its answer. */
const settle = async () => {
  for (let round = 0; round < 3; round++) await wait(10);
};
const debounce = async () => {
  await wait(300);
  await settle();
};

describe('PlaceSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    get.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('searches 300 ms after the last keystroke, only from 3 trimmed characters', async () => {
    get.mockResolvedValue([paris]);
    const { input } = renderSearch();

    typeText(input, ' pa ');
    await wait(1000);
    expect(get).not.toHaveBeenCalled();

    typeText(input, 'Par');
    await wait(200);
    typeText(input, 'Pari');
    await wait(299);
    expect(get).not.toHaveBeenCalled();
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][0]).toBe('/geocoding/autocomplete');
    expect(get.mock.calls[0][1]).toMatchObject({ query: { q: 'Pari', limit: 8, lang: 'en' } });
    expect(screen.getByRole('option', { name: paris.display_name })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');

    typeText(input, 'Pa');
    expect(screen.queryByRole('option')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with the arrow keys and Enter, and Escape closes then clears', async () => {
    get.mockResolvedValue([paris, parisTx]);
    const { input, onPick } = renderSearch();
    typeText(input, 'Paris');
    await debounce();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getByRole('option', { name: parisTx.display_name });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(
      screen.getByRole('option', { name: paris.display_name }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(parisTx);
    expect((input as HTMLInputElement).value).toBe('');

    typeText(input, 'Paris');
    await debounce();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Paris');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('picks with the mouse', async () => {
    get.mockResolvedValue([paris, parisTx]);
    const { input, onPick } = renderSearch();
    typeText(input, 'Paris');
    await debounce();
    fireEvent.click(screen.getByRole('option', { name: paris.display_name }));
    expect(onPick).toHaveBeenCalledWith(paris);
  });

  it("shows 'No results found' for no match and for a failed search", async () => {
    get.mockResolvedValueOnce([]).mockRejectedValue(new Error('geocoder down'));
    const { input } = renderSearch();
    typeText(input, 'Atlantis');
    await debounce();
    expect(screen.getAllByText('No results found').length).toBeGreaterThan(0);

    typeText(input, 'Nowhere');
    await debounce();
    await wait(5000); // an unexplained failure is retried (twice) before it shows
    await settle();
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getAllByText('No results found').length).toBeGreaterThan(0);
  });

  const geocoderAnswer = (status: number, serverError?: string, retryAfterSeconds?: number) =>
    new ApiError({
      status,
      code: status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      message: serverError ?? `Request failed with status code ${status}`,
      serverError,
      retryAfterSeconds,
    });

  it('says the search is rate limited on a 429 {error}, instead of no results', async () => {
    get.mockRejectedValueOnce(
      geocoderAnswer(429, 'Too many requests, please slow down and try again shortly', 30),
    );
    const { input } = renderSearch();
    typeText(input, 'Lyon');
    await debounce();
    expect(screen.queryByRole('option')).toBeNull();
    expect(
      screen.getAllByText('Too many searches, try again in a few seconds').length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('No results found')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it.each([
    [503, 'Geocoding service busy, please try again'],
    [502, 'Geocoding service unavailable'],
    [504, 'Geocoding service timed out'],
  ])(
    'says address search is unavailable on a %i {error}, and does not retry it',
    async (status, serverError) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: 3 } } });
      get.mockRejectedValue(geocoderAnswer(status, serverError, status === 503 ? 2 : undefined));
      render(
        <QueryClientProvider client={client}>
          <PlaceSearch onPick={vi.fn()} onPickPoint={vi.fn()} />
        </QueryClientProvider>,
      );
      const input = screen.getByRole('combobox', { name: 'Search for an address' });
      typeText(input, 'Lyon');
      await debounce();
      await wait(5000);
      expect(get).toHaveBeenCalledTimes(1);
      expect(
        screen.getAllByText('Address search is unavailable right now, try again later').length,
      ).toBeGreaterThan(0);
      expect(screen.queryByText('No results found')).toBeNull();
    },
  );

  it("keeps 'No results found' for a failure the geocoder did not explain (no {error}, or not its status)", async () => {
    get.mockImplementation(async (_path: string, { query }: { query: { q: string } }) => {
      throw query.q === 'Lyon' ? geocoderAnswer(503) : geocoderAnswer(400, 'Invalid query');
    });
    const { input } = renderSearch();
    typeText(input, 'Lyon');
    await debounce();
    await wait(5000); // an unexplained failure is retried (twice) before it shows
    await settle();
    expect(screen.getAllByText('No results found').length).toBeGreaterThan(0);
    typeText(input, 'Lille');
    await debounce();
    expect(screen.getAllByText('No results found').length).toBeGreaterThan(0);
    expect(
      screen.queryByText('Address search is unavailable right now, try again later'),
    ).toBeNull();
  });

  it('shows each place as a name and a second line, so two places of one name differ', async () => {
    get.mockResolvedValue([paris, parisTx]);
    const { input } = renderSearch();
    typeText(input, 'Paris');
    await debounce();
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'ParisÎle-de-France, France',
      'ParisLamar County, Texas, United States',
    ]);
    expect(options[1].querySelector('.place-search__address')?.textContent).toBe(
      'Lamar County, Texas, United States',
    );
  });

  it('asks for places near the bias (3 decimals), in the interface language, up to 8', async () => {
    get.mockResolvedValue([paris]);
    const { input } = renderSearch({ lat: 41.763712, lng: -72.673111, zoom: 12.4 });
    typeText(input, 'Main Street');
    await debounce();
    expect(get.mock.calls[0][1]).toMatchObject({
      query: { q: 'Main Street', lat: 41.764, lng: -72.673, zoom: 12, lang: 'en', limit: 8 },
    });
    // The call can be cancelled: a superseded search passes its signal through.
    expect(get.mock.calls[0][1].signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the results on screen when the bias changes for the same text (the map shows its first view)', async () => {
    get.mockResolvedValue([paris, parisTx]);
    const onPick = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const search = (bias: { lat: number; lng: number; zoom?: number } | null) => (
      <QueryClientProvider client={client}>
        <PlaceSearch onPick={onPick} onPickPoint={vi.fn()} bias={bias} />
      </QueryClientProvider>
    );
    // The position only, before the map has shown a region.
    const { rerender } = render(search({ lat: 45.764, lng: 4.836 }));
    const input = screen.getByRole('combobox', { name: 'Search for an address' });
    typeText(input, 'Paris');
    await debounce();
    expect(get).toHaveBeenCalledTimes(1);

    // The map loads and reports its view while the user is about to click the first result.
    rerender(search({ lat: 45.764, lng: 4.836, zoom: 13 }));
    fireEvent.click(screen.getByRole('option', { name: paris.display_name }));
    expect(onPick).toHaveBeenCalledWith(paris);
    await settle();
    expect(get).toHaveBeenCalledTimes(1);

    // The next text is searched near the bias of now.
    typeText(input, 'Lyon');
    await debounce();
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1][1]).toMatchObject({
      query: { q: 'Lyon', lat: 45.764, lng: 4.836, zoom: 13 },
    });
  });

  it.each(['48.8584, 2.2945', '48,8584; 2,2945', 'geo:48.8584,2.2945'])(
    'adds typed coordinates %j as a stop directly, without a search',
    async (text) => {
      const { input, onPickPoint, onPick } = renderSearch();
      typeText(input, text);
      await debounce();
      expect(get).not.toHaveBeenCalled();
      expect(screen.getByRole('option', { name: 'Coordinates, 48.858400, 2.294500' })).toBeTruthy();
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onPickPoint).toHaveBeenCalledWith({ lat: 48.8584, lng: 2.2945 });
      expect(onPick).not.toHaveBeenCalled();
      expect((input as HTMLInputElement).value).toBe('');
    },
  );

  it('never shows a stale answer for a newer text', async () => {
    let answerOld: (places: unknown[]) => void = () => undefined;
    get.mockImplementation((_path: string, { query }: { query: { q: string } }) =>
      query.q === 'Paris'
        ? new Promise((resolve) => (answerOld = resolve))
        : Promise.resolve([parisTx]),
    );
    const { input } = renderSearch();
    typeText(input, 'Paris');
    await debounce();
    typeText(input, 'Paris Texas');
    await debounce();
    await act(async () => answerOld([paris]));
    expect(screen.queryByRole('option', { name: paris.display_name })).toBeNull();
    expect(screen.getByRole('option', { name: parisTx.display_name })).toBeTruthy();
  });

  it('cancels a search superseded by a newer text (its signal is aborted), and keeps the newer one', async () => {
    const signals: Record<string, AbortSignal> = {};
    get.mockImplementation(
      (_path: string, { query, signal }: { query: { q: string }; signal: AbortSignal }) => {
        signals[query.q] = signal;
        // The first search never answers; the second does.
        return query.q === 'Paris' ? new Promise(() => undefined) : Promise.resolve([parisTx]);
      },
    );
    const { input } = renderSearch();
    typeText(input, 'Paris');
    await debounce();
    expect(signals.Paris.aborted).toBe(false);
    typeText(input, 'Paris Texas');
    await debounce();
    expect(signals.Paris.aborted).toBe(true);
    expect(signals['Paris Texas'].aborted).toBe(false);
    expect(screen.getByRole('option', { name: parisTx.display_name })).toBeTruthy();
  });
});
