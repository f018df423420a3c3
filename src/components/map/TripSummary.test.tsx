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

  it('reads the new totals out even while the card is folded (its body hidden on a phone)', () => {
    const { container, rerender } = render(
      <TripSummary stopCount={2} totalDistance={null} totalDuration={null} />,
    );
    rerender(<TripSummary stopCount={3} totalDistance={25_000} totalDuration={43 * 60} />);
    const live = container.querySelectorAll('[aria-live]');
    expect(live).toHaveLength(1);
    expect(live[0].textContent).toBe('3 stops · 25 km · 43m');
    expect(container.querySelector('.trip-summary__body')!.contains(live[0])).toBe(false);
  });
});
