import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavigateButton } from './NavigateButton';

describe('NavigateButton', () => {
  it('moves focus to the first app when the choice replaces the focused button', () => {
    render(<NavigateButton point={{ lat: 48.85, lng: 2.35 }} name="Bakery" />);
    const button = screen.getByRole('button', { name: /Bakery/ });
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('group')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Waze' }));
  });
});
