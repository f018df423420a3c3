import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { computeSchedule } from '@domain/day-plan/schedule.ts';
import { TripSummary } from '@/components/map/TripSummary';
import { createTimeFormat, type TimeFormat } from '@/lib/day-plan';
import type { PlannedStop } from '../../model/stop-list';
import { StopList } from '../StopList';
import { DayPlanPanel } from './DayPlanPanel';
import { DaySummaryRows } from './DaySummaryRows';
import { StopDayEditor } from './StopDayEditor';

const NOW = Date.parse('2026-03-02T08:01:30Z');
const plan: DayPlan = {
  departure: '2026-03-02T08:05+00:00',
  timeZone: 'UTC',
  defaultServiceMinutes: 0,
  end: 'last-stop',
};
const format: TimeFormat = createTimeFormat('en', 'en-GB', 'UTC');

describe('the times panel', () => {
  it('starts the day now, rounded up to the next 5 minutes, when first opened', () => {
    const onChange = vi.fn();
    render(<DayPlanPanel plan={null} onChange={onChange} now={() => NOW} />);
    const toggle = screen.getByRole('button', { name: /Times of the day/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith({
      departure: expect.stringMatching(/T\d\d:(05|35|50|20)[+-]\d\d:\d\d$/) as string,
      timeZone: expect.any(String) as string,
      defaultServiceMinutes: 0,
      end: 'last-stop',
    });
    const departure = (onChange.mock.calls[0][0] as DayPlan).departure!;
    expect(Date.parse(departure.replace(/([+-]\d\d:\d\d)$/, ':00$1'))).toBe(
      Date.parse('2026-03-02T08:05:00Z'),
    );
  });

  it('edits the departure, the default time at stop and the end, and removes the times', () => {
    const onChange = vi.fn();
    render(<DayPlanPanel plan={plan} onChange={onChange} now={() => NOW} />);
    const time = screen.getByLabelText<HTMLInputElement>('Departure time');
    expect(screen.getByLabelText<HTMLInputElement>('Departure date').value).toBe('2026-03-02');
    expect(time.value).toBe('08:05');
    fireEvent.change(time, { target: { value: '07:30' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...plan, departure: '2026-03-02T07:30+00:00' });

    const minutes = screen.getByLabelText('Time at each stop (minutes)');
    fireEvent.change(minutes, { target: { value: '300' } });
    expect(screen.getByText('Enter whole minutes from 0 to 240.')).toBeTruthy();
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(minutes, { target: { value: '5' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...plan, defaultServiceMinutes: 5 });

    fireEvent.change(screen.getByLabelText('End of the day'), { target: { value: 'start' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...plan, end: 'start' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove times' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('offers the page’s address search for an end address and keeps the place picked', () => {
    const onChange = vi.fn();
    render(
      <DayPlanPanel
        plan={plan}
        onChange={onChange}
        renderEndSearch={(onPick) => (
          <button type="button" onClick={() => onPick({ name: 'Home', lat: 48.9, lng: 2.4 })}>
            pick home
          </button>
        )}
      />,
    );
    fireEvent.change(screen.getByLabelText('End of the day'), { target: { value: 'address' } });
    fireEvent.click(screen.getByRole('button', { name: 'pick home' }));
    expect(onChange).toHaveBeenLastCalledWith({
      ...plan,
      end: { name: 'Home', lat: 48.9, lng: 2.4 },
    });
  });

  it('says when the times are straight-line estimates', () => {
    render(<DayPlanPanel plan={plan} onChange={vi.fn()} estimated />);
    expect(screen.getByText(/straight lines at 50 km\/h/)).toBeTruthy();
  });
});

describe('a stop’s time fields', () => {
  const renderEditor = (onChange = vi.fn()) => {
    render(
      <StopDayEditor
        fields={{}}
        number={2}
        defaultMinutes={5}
        isStart={false}
        onChange={onChange}
      />,
    );
    return onChange;
  };

  it('keeps a window that ends before it starts out of the route, and says why', () => {
    const onChange = renderEditor();
    fireEvent.change(screen.getByLabelText('Window of stop 2 opens at'), {
      target: { value: '10:00' },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter both times of the window, or neither.',
    );
    fireEvent.change(screen.getByLabelText('Window of stop 2 closes at'), {
      target: { value: '09:00' },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'The window ends before it starts: the second time must be later.',
    );
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Window of stop 2 closes at'), {
      target: { value: '11:00' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ window: { start: '10:00', end: '11:00' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sets the time at the stop and the lock', () => {
    const onChange = renderEditor();
    const minutes = screen.getByLabelText('Time at stop (min)');
    expect(minutes.getAttribute('placeholder')).toBe('5');
    fireEvent.change(minutes, { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith({ serviceMinutes: 12 });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'last' } });
    expect(onChange).toHaveBeenLastCalledWith({ lock: 'last' });
  });

  it('sets the load, keeps one that is not a whole number out of the route, and clears it', () => {
    const onChange = renderEditor();
    const load = screen.getByLabelText('Load');
    expect(load.getAttribute('placeholder')).toBe('1');
    fireEvent.change(load, { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith({ load: 4 });
    fireEvent.change(load, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Enter a whole number from 0 to 9999.')).toBeTruthy();
    expect(load.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(load, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('says the first stop is where the day starts', () => {
    render(<StopDayEditor fields={{}} number={1} defaultMinutes={0} isStart onChange={vi.fn()} />);
    expect(screen.getByText(/The day starts here/)).toBeTruthy();
    expect(screen.queryByLabelText('Time at stop (min)')).toBeNull();
  });
});

describe('the stop list and the summary with the day’s times', () => {
  const stops: PlannedStop[] = [
    { id: 'stop-1', name: 'Depot', lat: 48.85, lng: 2.35 },
    {
      id: 'stop-2',
      name: 'Pharmacy',
      lat: 48.86,
      lng: 2.34,
      window: { start: '09:00', end: '10:00' },
      lock: 'last',
    },
  ];
  const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
  const schedule = computeSchedule({
    departure: at('10:00'),
    stops: [
      { service: 0, window: null },
      { service: 300, window: [at('09:00'), at('10:00')] },
    ],
    legs: [20 * 60],
  });

  it('shows each stop’s times and marks a late stop in words and an icon', () => {
    render(
      <StopList
        stops={stops}
        highlightedIndex={-1}
        onShow={vi.fn()}
        onMove={vi.fn()}
        onRemove={vi.fn()}
        times={schedule.stops.map((time, index) => ({
          time,
          window: index === 1 ? [at('09:00'), at('10:00')] : null,
          isStart: index === 0,
        }))}
        timeFormat={format}
      />,
    );
    const [start, pharmacy] = screen.getAllByTestId('stop-times');
    expect(start.textContent).toBe('Leave 10:00');
    expect(pharmacy.textContent).toContain('Late by 20m');
    expect(pharmacy.textContent).toContain('Arrive 10:20');
    expect(pharmacy.textContent).toContain('Leave 10:25');
    expect(pharmacy.textContent).toContain('Window 09:00–10:00');
    expect(pharmacy.className).toContain('stop-times--late');
    expect(screen.getByTestId('stop-lock').textContent).toContain('Kept last');
  });

  it('says when the day leaves later than it could, not to wait at its first window', () => {
    // Ready at 08:00, 20 minutes from a stop that opens at 09:00: the day leaves at 08:40.
    const early = computeSchedule({
      departure: at('08:00'),
      stops: [
        { service: 0, window: null },
        { service: 300, window: [at('09:00'), at('10:00')] },
      ],
      legs: [20 * 60],
    });
    render(
      <StopList
        stops={stops}
        highlightedIndex={-1}
        onShow={vi.fn()}
        onMove={vi.fn()}
        onRemove={vi.fn()}
        times={early.stops.map((time, index) => ({
          time,
          window: index === 1 ? [at('09:00'), at('10:00')] : null,
          isStart: index === 0,
          ...(index === 0 ? { ready: at('08:00') } : {}),
        }))}
        timeFormat={format}
      />,
    );
    const [start, pharmacy] = screen.getAllByTestId('stop-times');
    expect(start.textContent).toBe('Leave 08:40 · ready 08:00, leaves later not to wait');
    expect(pharmacy.textContent).toContain('Arrive 09:00 · Leave 09:05');
  });

  it('puts the finish and the totals in the summary', () => {
    render(
      <dl>
        <DaySummaryRows schedule={schedule} format={format} />
      </dl>,
    );
    expect(screen.getByTestId('summary-finish').textContent).toBe('10:25');
    expect(screen.getByTestId('summary-driving').textContent).toBe('20m');
    expect(screen.getByTestId('summary-at-stops').textContent).toBe('5m');
    expect(screen.getByTestId('summary-waiting').textContent).toBe('0m');
    expect(screen.getByTestId('summary-late').textContent).toBe('1');
  });
  it('shows the driving and the lateness as the Trip Summary and the clock read them', () => {
    // 43 min 20 s of driving into a stop whose window closed 67 min 40 s earlier.
    const driving = 43 * 60 + 20;
    const late = computeSchedule({
      departure: at('08:54') + 20_000,
      stops: [
        { service: 0, window: null },
        { service: 0, window: [at('08:00'), at('08:30')] },
      ],
      legs: [driving],
    });
    render(
      <StopList
        stops={stops}
        highlightedIndex={-1}
        onShow={vi.fn()}
        onMove={vi.fn()}
        onRemove={vi.fn()}
        times={late.stops.map((time, index) => ({
          time,
          window: index === 1 ? [at('08:00'), at('08:30')] : null,
          isStart: index === 0,
        }))}
        timeFormat={format}
      />,
    );
    // Arrives 9:37:40, which reads 9:37: 67 minutes after 8:30.
    expect(screen.getAllByTestId('stop-times')[1].textContent).toMatch(
      /Late by 1h 7m\. Arrive 09:37/,
    );
    render(
      <TripSummary
        stopCount={2}
        totalDistance={30_000}
        totalDuration={driving}
        extra={<DaySummaryRows schedule={late} format={format} />}
      />,
    );
    expect(screen.getByTestId('summary-duration').textContent).toBe('43m');
    expect(screen.getByTestId('summary-driving').textContent).toBe('43m');
  });
});
