import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditConflict } from './EditConflict';

const MESSAGE = 'This route was changed on another device since you opened it.';

describe('EditConflict', () => {
  it('is an alert that takes the focus, with its two choices as buttons', () => {
    const onSaveMine = vi.fn();
    const onLoadLatest = vi.fn();
    render(
      <EditConflict
        busy={false}
        loadFailed={false}
        onSaveMine={onSaveMine}
        onLoadLatest={onLoadLatest}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(MESSAGE);
    expect(document.activeElement).toBe(alert);
    expect(screen.queryByText('Failed to load itinerary')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save my version anyway' }));
    expect(onSaveMine).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(onLoadLatest).toHaveBeenCalledTimes(1);
  });

  it('offers nothing while busy, and says when the latest version could not be loaded', () => {
    render(<EditConflict busy loadFailed onSaveMine={vi.fn()} onLoadLatest={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save my version anyway' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Load the latest version' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load itinerary');
  });
});
