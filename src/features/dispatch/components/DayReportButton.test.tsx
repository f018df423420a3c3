import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayReportButton } from './DayReportButton';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('DayReportButton', () => {
  it('keeps the file’s address for a few seconds, long enough for the download to start', () => {
    vi.useFakeTimers();
    const created = vi.fn(() => 'blob:report');
    const revoked = vi.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<DayReportButton title="Monday" rows={[]} />);
    fireEvent.click(screen.getByRole('button', { name: "Download the day's report" }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(created).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(2_000);
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoked).toHaveBeenCalledWith('blob:report');
  });
});
