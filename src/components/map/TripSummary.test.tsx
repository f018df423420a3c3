import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TripSummary } from './TripSummary';

describe('the Trip Summary', () => {
  it('says the whole trip in one line that opens the card (the phone’s layout)', () => {
    const { container } = render(
      <TripSummary stopCount={3} totalDistance={25_000} totalDuration={43 * 60} />,
    );
    const toggle = screen.getByRole('button', { name: '3 stops · 25 km · 43m' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('.trip-summary--open')).not.toBeNull();
    expect(screen.getByTestId('summary-duration').textContent).toBe('43m');
    // A fitted view keeps the stops clear of the card.
    expect(container.querySelector('section[data-map-cover]')).not.toBeNull();
  });

  it('reads one stop and unknown totals', () => {
    render(<TripSummary stopCount={1} totalDistance={null} totalDuration={null} />);
    expect(screen.getByRole('button', { name: '1 stop · -- · --' })).toBeTruthy();
  });
});
