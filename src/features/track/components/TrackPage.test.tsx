import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TrackPage } from './TrackPage';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/lib/day-plan/format', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/day-plan/format')>()),
  deviceTimeZone: () => 'UTC',
}));

const name = '120 Broadway, New York';

function answer(body: object, status = 200) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      return Response.json(body, { status });
    }),
  );
  renderWithProviders(<TrackPage />, { route: '/track/:token', path: '/track/tok-1' });
  return requests;
}

const state = async () => (await screen.findByTestId('track-state')).textContent;

describe('TrackPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('planned: the day and the window, under the stop’s name', async () => {
    const requests = answer({
      name,
      state: 'planned',
      from: '2030-03-04T09:55:00.000Z',
      to: '2030-03-04T10:35:00.000Z',
    });
    expect(await state()).toBe('Planned for Monday, March 4, 2030 between 9:55 AM and 10:35 AM');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(name);
    expect(requests).toEqual(['/api/track/tok-1']);
  });

  it('on the way: the stops before it and the window', async () => {
    answer({
      name,
      state: 'on-the-way',
      stopsBefore: 2,
      from: '2030-03-04T09:55:00.000Z',
      to: '2030-03-04T10:35:00.000Z',
    });
    expect(await state()).toBe(
      'On the way: 2 stops before yours, expected between 9:55 AM and 10:35 AM',
    );
  });

  it('delivered at the time of the report', async () => {
    answer({ name, state: 'delivered', at: '2030-03-04T10:07:00.000Z' });
    expect(await state()).toMatch(/^Delivered at .*10:07 AM$/);
  });

  it('delivered with the photo the owner shows, and none without it', async () => {
    answer({
      name,
      state: 'delivered',
      at: '2030-03-04T10:07:00.000Z',
      photoUrl: 'https://storage.example/signed/p.jpg',
    });
    const photo = await screen.findByRole('img', { name: 'The photo taken at the delivery' });
    expect(photo.getAttribute('src')).toBe('https://storage.example/signed/p.jpg');
  });

  it('failed: the reason and the owner’s contact line', async () => {
    answer({ name, state: 'failed', reason: 'nobody-there', contact: 'Call 555-0100' });
    expect(await state()).toBe('Could not be delivered: Nobody thereContact: Call 555-0100');
  });

  it('a revoked or unknown link says so', async () => {
    answer({ error: 'Tracking link not found or no longer valid' }, 404);
    expect((await screen.findByRole('alert')).textContent).toMatch(/revoked or does not exist/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This tracking link no longer works',
    );
  });
});
