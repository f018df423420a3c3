import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPart, retryableLazy } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('a part of the page loaded on use', () => {
  it('shows the part once its code is in', async () => {
    const part = retryableLazy(() => Promise.resolve(Greeting));
    render(<LazyPart part={part} props={{ name: 'Ana' }} />);
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
  });

  it('says so when its code cannot be fetched, and Retry fetches it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const part = retryableLazy(load);
    render(<LazyPart part={part} props={{ name: 'Ana' }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
