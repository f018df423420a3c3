import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WINDOW_MARGIN_MAX_MINUTES,
  arrivalWindow,
  trackingAnswer,
  windowMarginMinutes,
  type TrackingFacts,
} from './tracking.ts';

const at = (clock: string) => Date.parse(`2026-03-02T${clock}:00Z`);
const MINUTE = 60_000;

describe('windowMarginMinutes', () => {
  it('is 10 minutes for the next stop, 5 more per stop before it, at most an hour', () => {
    expect([0, 1, 2, 5, 10, 11, 100].map(windowMarginMinutes)).toEqual([
      10, 15, 20, 35, 60, 60, 60,
    ]);
  });
});

describe('arrivalWindow', () => {
  it('shifts the plan by the delay and widens it by the margin, on whole 5 minutes', () => {
    expect(
      arrivalWindow({
        plannedArrival: at('10:02'),
        delayMs: 13 * MINUTE,
        stopsBefore: 2,
        now: at('08:00'),
      }),
    ).toEqual({ from: at('09:55'), to: at('10:35') });
  });

  it('keeps an early driver at the stop’s window opening', () => {
    expect(
      arrivalWindow({
        plannedArrival: at('10:00'),
        windowOpens: at('10:00'),
        delayMs: -30 * MINUTE,
        stopsBefore: 0,
        now: at('09:00'),
      }),
    ).toEqual({ from: at('09:50'), to: at('10:10') });
  });

  it('never starts before now, and a driver later than the plan is expected from now', () => {
    expect(
      arrivalWindow({ plannedArrival: at('10:00'), delayMs: 0, stopsBefore: 1, now: at('10:07') }),
    ).toEqual({ from: at('10:05'), to: at('10:25') });
    expect(
      arrivalWindow({ plannedArrival: at('10:00'), delayMs: 0, stopsBefore: 0, now: at('09:57') }),
    ).toEqual({ from: at('09:55'), to: at('10:10') });
  });

  it('always holds the expected arrival and is at most two hours wide plus rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('06:00'), max: at('20:00') }),
        fc.integer({ min: -120, max: 240 }),
        fc.nat(40),
        fc.integer({ min: at('05:00'), max: at('21:00') }),
        (plannedArrival, delayMinutes, stopsBefore, now) => {
          const window = arrivalWindow({
            plannedArrival,
            delayMs: delayMinutes * MINUTE,
            stopsBefore,
            now,
          });
          const expected = Math.max(plannedArrival + delayMinutes * MINUTE, now);
          expect(window.from).toBeLessThanOrEqual(expected);
          expect(window.to).toBeGreaterThanOrEqual(expected);
          expect(window.from).toBeGreaterThan(now - 5 * MINUTE);
          expect(window.to - window.from).toBeLessThanOrEqual(
            (2 * WINDOW_MARGIN_MAX_MINUTES + 10) * MINUTE,
          );
          expect(window.from % (5 * MINUTE)).toBe(0);
          expect(window.to % (5 * MINUTE)).toBe(0);
        },
      ),
    );
  });

  it('widens with the number of stops before it', () => {
    const width = (stopsBefore: number) => {
      const window = arrivalWindow({
        plannedArrival: at('12:00'),
        delayMs: 0,
        stopsBefore,
        now: at('06:00'),
      });
      return window.to - window.from;
    };
    expect(width(0)).toBeLessThan(width(3));
    expect(width(3)).toBeLessThan(width(10));
  });
});

describe('trackingAnswer', () => {
  const facts: TrackingFacts = {
    name: '12 Rue de la Paix',
    plannedArrival: at('10:00'),
    stopsBefore: 3,
    started: false,
    delayMs: 0,
  };
  const now = at('07:00');

  it('is planned before the driver reports a first stop, without the stops before it', () => {
    expect(trackingAnswer(facts, now)).toEqual({
      name: '12 Rue de la Paix',
      state: 'planned',
      from: '2026-03-02T09:35:00.000Z',
      to: '2026-03-02T10:25:00.000Z',
    });
  });

  it('is on the way once the driver started, shifted by their delay', () => {
    expect(
      trackingAnswer({ ...facts, started: true, delayMs: 20 * MINUTE, stopsBefore: 1 }, now),
    ).toEqual({
      name: '12 Rue de la Paix',
      state: 'on-the-way',
      stopsBefore: 1,
      from: '2026-03-02T10:05:00.000Z',
      to: '2026-03-02T10:35:00.000Z',
    });
  });

  it('has no window when the route has no times', () => {
    const { plannedArrival: _, ...untimed } = facts;
    expect(trackingAnswer({ ...untimed, started: true }, now)).toEqual({
      name: '12 Rue de la Paix',
      state: 'on-the-way',
      stopsBefore: 3,
    });
  });

  it('says when it was delivered, and nothing else', () => {
    expect(
      trackingAnswer(
        { ...facts, started: true, report: { status: 'delivered', at: at('10:12') } },
        now,
      ),
    ).toEqual({ name: '12 Rue de la Paix', state: 'delivered', at: '2026-03-02T10:12:00.000Z' });
  });

  it('says why a delivery failed, with the owner’s contact line when there is one', () => {
    const failed = {
      ...facts,
      started: true,
      report: { status: 'failed' as const, at: at('10:12'), reason: 'nobody-there' as const },
    };
    expect(trackingAnswer({ ...failed, contact: 'Call 555-0100' }, now)).toEqual({
      name: '12 Rue de la Paix',
      state: 'failed',
      at: '2026-03-02T10:12:00.000Z',
      reason: 'nobody-there',
      contact: 'Call 555-0100',
    });
    expect(trackingAnswer(failed, now)).not.toHaveProperty('contact');
  });

  it('treats a skipped stop as still to come', () => {
    expect(
      trackingAnswer(
        { ...facts, started: true, report: { status: 'skipped', at: at('09:00') } },
        now,
      ).state,
    ).toBe('on-the-way');
  });
});
