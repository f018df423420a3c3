import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DriverLoad } from './DriverLoad.tsx';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

describe('<DriverLoad>', () => {
  it('says how much of the capacity is taken', () => {
    renderWithProviders(<DriverLoad load={8} capacity={8} />);
    expect(screen.getByTestId('driver-load').textContent).toBe('Load 8 of 8');
  });

  it('says in words when a stop moved by hand takes the driver past their capacity', () => {
    renderWithProviders(<DriverLoad load={9} capacity={8} />);
    expect(screen.getByTestId('driver-load').textContent).toBe('Load 9 of 8 · Over capacity by 1');
  });
});
