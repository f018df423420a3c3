import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppFooter } from './AppFooter';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

const user = { id: 'u1', email: 'driver@example.com' };

describe('the footer’s quick links', () => {
  it('offers a free account to a visitor without one', () => {
    renderWithProviders(<AppFooter />);
    expect(screen.getByRole('link', { name: 'Create Free Account' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('takes a signed-in user to their routes instead', () => {
    renderWithProviders(<AppFooter />, { identity: { status: 'signed-in', user } });
    expect(screen.queryByRole('link', { name: 'Create Free Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
