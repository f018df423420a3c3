import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import { renderWithProviders } from '@/test/render';
import { SplitAmongDrivers } from './SplitAmongDrivers.tsx';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));
// Leaflet needs a laid-out page (the e2e tests draw the map).
vi.mock('./TeamMap.tsx', () => ({ TeamMap: () => <p>map</p> }));

const stop = (name: string): Stop => ({ name, lat: 48.85, lng: 2.35 });

const renderButton = (stops: Stop[]) =>
  renderWithProviders(
    <SplitAmongDrivers stops={stops} plan={null} title="Monday" signedIn onWaze={vi.fn()} />,
  );

describe('<SplitAmongDrivers>', () => {
  it('is not offered on an empty route', () => {
    renderButton([]);
    expect(screen.queryByRole('button', { name: 'Split among drivers' })).toBeNull();
  });

  it('needs three stops, and says so', () => {
    renderButton([stop('A'), stop('B')]);
    const button = screen.getByRole('button', { name: 'Split among drivers' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Add at least 3 stops to split them among drivers.',
    );
  });

  it('opens the split, leaving now when the route has no times, and closes it', async () => {
    renderButton([stop('A'), stop('B'), stop('C')]);
    fireEvent.click(screen.getByRole('button', { name: 'Split among drivers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split the day among drivers' });
    expect(dialog.textContent).toContain('Departs ');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
