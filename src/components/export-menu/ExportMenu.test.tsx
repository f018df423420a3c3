import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from './ExportMenu';

// A dispatcher in Paris plans a route in New York.
vi.mock('@/lib/day-plan/format', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/day-plan/format')>()),
  deviceTimeZone: () => 'Europe/Paris',
}));
const downloadText = vi.fn();
vi.mock('@/lib/export', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/export')>()),
  downloadText: (...args: unknown[]) => downloadText(...args) as unknown,
}));

const stops = [
  { name: 'Depot', lat: 40.75, lng: -73.99 },
  { name: 'Bakery', lat: 40.76, lng: -73.98 },
];
// 08:30 and 09:00 in New York (13:30 and 14:00 UTC, 14:30 and 15:00 in Paris).
const times = [
  { arrival: null, departure: Date.UTC(2030, 2, 4, 13, 30), wait: 0, late: 0, window: null },
  {
    arrival: Date.UTC(2030, 2, 4, 14, 0),
    departure: Date.UTC(2030, 2, 4, 14, 10),
    wait: 0,
    late: 0,
    window: null,
  },
];

/** The <desc> of each waypoint of the GPX the menu downloads. */
async function downloadedDescriptions(timeZone?: string): Promise<string[]> {
  render(<ExportMenu title="Queens" stops={stops} times={times} timeZone={timeZone} />);
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Download GPX' }));
  expect(downloadText).toHaveBeenCalledTimes(1);
  const gpx = downloadText.mock.calls[0][1] as string;
  return [...gpx.matchAll(/<desc>([^<]*)<\/desc>/g)].map((match) => match[1]);
}

describe('ExportMenu', () => {
  afterEach(() => downloadText.mockReset());

  it("writes the GPX's planned times in the zone given (the plan's), not the device's", async () => {
    expect(await downloadedDescriptions('America/New_York')).toEqual([
      'Leave Mon, Mar 4, 8:30 AM',
      'Arrive 9:00 AM · 10m at the stop · Leave 9:10 AM',
    ]);
  });

  it("writes them in the device's zone when given none (as a page showing them there)", async () => {
    expect(await downloadedDescriptions()).toEqual([
      'Leave Mon, Mar 4, 2:30 PM',
      'Arrive 3:00 PM · 10m at the stop · Leave 3:10 PM',
    ]);
  });

  it('makes the map links when opened, for the stops as they are then', async () => {
    const many = Array.from({ length: 15 }, (_, i) => ({
      name: `Stop ${i + 1}`,
      lat: 45 + i / 100,
      lng: 4,
    }));
    const { rerender } = render(<ExportMenu title="Lyon" stops={many} />);
    // Closed: nothing made, even out of sight.
    expect(screen.queryAllByRole('link', { hidden: true })).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    // Its code loads on the first opening.
    await screen.findByRole('list', { name: 'Open in Google Maps' });
    const google = () => screen.getByRole('list', { name: 'Open in Google Maps' });
    expect(google().querySelectorAll('a')).toHaveLength(2);
    expect(
      screen.getByRole('list', { name: 'Open in Apple Maps', hidden: true }).children,
    ).toHaveLength(14);
    const details = screen.getByText('Open in Apple Maps', { selector: 'summary' })
      .parentElement as HTMLDetailsElement;
    details.open = true;

    // Closed, the stops reversed, opened again: the links follow, the Apple legs stay unfolded.
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    rerender(<ExportMenu title="Lyon" stops={[...many].reverse()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const first = new URL(google().querySelector('a')!.href);
    expect(first.searchParams.get('origin')).toBe('45.14,4');
    expect(details.isConnected && details.open).toBe(true);
  });
});
