import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { ShareLinkDialog } from './ShareLinkDialog';

/** Async outcomes get time on a busy machine (Testing Library's default is 1 s). */
const SLOW = { timeout: 10_000 };

beforeAll(() => i18nReady);

/** The dialog as the dashboard holds it: the server's answer decides what the box shows. */
function Harness({ change }: { change: (next: boolean) => Promise<boolean> }) {
  const [includeNotes, setIncludeNotes] = useState(false);
  return (
    <ShareLinkDialog
      title="Deliveries"
      url="http://localhost/share/tok"
      includeNotes={includeNotes}
      onIncludeNotesChange={async (next) => setIncludeNotes(await change(next))}
      onClose={() => undefined}
    />
  );
}

const checkbox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: 'Include notes for the driver' });

describe('ShareLinkDialog', () => {
  it('leaves the notes out by default and says what anyone with the link sees', () => {
    render(<Harness change={async (next) => next} />);
    expect(checkbox().checked).toBe(false);
    expect(checkbox().getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/notes for the driver \(door codes, phone numbers\) are not shown/),
    ).toBeTruthy();
  });

  it('asks the server to include them when ticked, and says so', async () => {
    const change = vi.fn(async (next: boolean) => next);
    render(<Harness change={change} />);
    fireEvent.click(checkbox());
    expect(change).toHaveBeenCalledWith(true);
    await waitFor(() => expect(checkbox().checked).toBe(true), SLOW);
    expect(
      screen.getByText(/which are done or skipped, and the notes for the driver/),
    ).toBeTruthy();
  });

  it('keeps the box as it was and says so when the server refuses', async () => {
    render(
      <Harness
        change={async () => {
          throw new Error('503');
        }}
      />,
    );
    fireEvent.click(checkbox());
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'The link could not be changed. Please try again.',
    );
    expect(checkbox().checked).toBe(false);
  });

  it('shows that the link was copied when the dashboard could copy it', () => {
    render(
      <ShareLinkDialog
        title="Deliveries"
        url="http://localhost/share/tok"
        includeNotes
        copied
        onIncludeNotesChange={async () => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Share link copied to clipboard!');
    expect(checkbox().checked).toBe(true);
  });

  describe("the phone's share sheet", () => {
    const writeText = vi.fn(async () => undefined);
    beforeEach(() => {
      writeText.mockClear();
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'share');
      Reflect.deleteProperty(navigator, 'clipboard');
    });
    const open = () =>
      render(
        <ShareLinkDialog
          title="Deliveries"
          url="http://localhost/share/tok"
          includeNotes={false}
          onIncludeNotesChange={async () => undefined}
          onClose={() => undefined}
        />,
      );

    it('offers it where the browser has one, with the route title and the link', async () => {
      const share = vi.fn(async () => undefined);
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      open();
      fireEvent.click(screen.getByRole('button', { name: 'Share…' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1), SLOW);
      expect(share).toHaveBeenCalledWith({
        title: 'Deliveries',
        url: 'http://localhost/share/tok',
      });
      expect(writeText).not.toHaveBeenCalled();
    });

    it('does nothing more when the user closes the sheet, and copies when the sheet is refused', async () => {
      const share = vi
        .fn()
        .mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
        .mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      open();
      fireEvent.click(screen.getByRole('button', { name: 'Share…' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1), SLOW);
      expect(writeText).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Share…' }));
      expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe(
        'Share link copied to clipboard!',
      );
      expect(writeText).toHaveBeenCalledWith('http://localhost/share/tok');
    });

    it('copies where there is none', async () => {
      Reflect.deleteProperty(navigator, 'share');
      open();
      expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe(
        'Share link copied to clipboard!',
      );
      expect(writeText).toHaveBeenCalledWith('http://localhost/share/tok');
    });
  });
});
