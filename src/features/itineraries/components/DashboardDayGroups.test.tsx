import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './DashboardPage';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

const plan = { departure: '2030-03-04T08:00+01:00', timeZone: 'Europe/Paris' };
const day = (id: string, number: number, created: string, departure = plan.departure) => ({
  id,
  title: `Monday — Driver ${number}`,
  stop_count: 1,
  created_at: created,
  day_plan: { ...plan, departure },
  day_group: '6a1f0c0e-5b8e-4d7f-9c7a-2c3b4d5e6f70',
  progress: null,
  // Every driver of the day together, on each of its routes.
  day_progress: { delivered: 2, failed: 0, skipped: 0, toDo: 4, total: 6, delayMinutes: 2 },
});
const itineraries = [
  day('d2', 2, '2030-03-01T10:00:02Z'),
  { id: 'plain', title: 'Paris to Lyon', stop_count: 0, created_at: '2030-03-01T11:00:00Z' },
  day('d1', 1, '2030-03-01T10:00:01Z'),
  // The third driver leaves first: the day departs then.
  day('d3', 3, '2030-03-01T10:00:03Z', '2030-03-04T07:15+01:00'),
];

afterEach(() => vi.unstubAllGlobals());

describe('My Routes groups a day split among drivers', () => {
  it('shows the drivers’ routes together under the day, in driver order', async () => {
    // The summaries of one page, as GET /api/itineraries?summary=true answers them.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(itineraries)),
    );
    renderWithProviders(<DashboardPage />, {
      identity: { status: 'signed-in', user: { id: 'u1', email: 'a@b.co' } },
      route: '/dashboard',
      path: '/dashboard',
    });
    const group = await screen.findByRole('region', { name: 'One day, 3 drivers' });
    expect(within(group).getByText(/^Departs /).textContent).toMatch(/\b7:15\b/);
    const routes = within(group).getByRole('list', {
      name: 'Routes of one day split among drivers',
    });
    expect(
      within(routes)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Monday — Driver 1', 'Monday — Driver 2', 'Monday — Driver 3']);
    expect(within(group).getByTestId('progress-line').textContent).toBe('2/6 delivered · on time');
    expect(within(routes).queryByTestId('progress-line')).toBeNull();
    // The plain route stays on its own.
    const plain = screen.getByRole('article', { name: 'Paris to Lyon' });
    expect(group.contains(plain)).toBe(false);
  });
});
