import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QrCode } from './QrCode';

// The encoder's file cannot be fetched: offline, or gone after a deployment.
vi.mock('uqr', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('QrCode', () => {
  it('shows the link with a line saying the code is unavailable when the encoder cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<QrCode text="https://example.com/drive/abc" label="QR code" />);
    expect(
      await screen.findByText('QR code unavailable: send or copy the link instead.'),
    ).toBeTruthy();
    expect(screen.getByText('https://example.com/drive/abc')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
