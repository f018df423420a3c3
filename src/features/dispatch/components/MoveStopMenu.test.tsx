import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MoveStopMenu } from './MoveStopMenu';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => 'jwt' }));

const drivers = [
  { routeId: 'a', title: 'Driver 1' },
  { routeId: 'b', title: 'Driver 2' },
  { routeId: 'c', title: 'Driver 3' },
];

describe('MoveStopMenu', () => {
  it('focuses the first other driver on open, and Escape closes it back to its button', () => {
    const onMove = vi.fn();
    renderWithProviders(
      <MoveStopMenu
        name="Pharmacy"
        routeId="a"
        drivers={drivers}
        disabled={false}
        onMove={onMove}
      />,
    );
    const button = screen.getByRole('button', { name: 'Move Pharmacy to another driver' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Driver 2' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Move Pharmacy to' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(onMove).not.toHaveBeenCalled();
  });
});
