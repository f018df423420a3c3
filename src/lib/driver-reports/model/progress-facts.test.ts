import { describe, expect, it } from 'vitest';
import type { RouteProgress } from './schemas';
import { combineFacts, hasReports, progressFacts, punctuality } from './progress-facts';

const route = (overrides: Partial<RouteProgress> = {}): RouteProgress => ({
  itineraryId: 'r1',
  title: 'Monday — Driver 1',
  stops: [],
  counts: { delivered: 2, failed: 1, skipped: 0, toDo: 3, total: 6 },
  ...overrides,
});

describe('progressFacts', () => {
  it('reads the server’s counts, last report, position, lateness and finish as instants', () => {
    const facts = progressFacts(
      route({
        lastReport: { at: '2026-03-02T09:25:00Z', stopId: 's3' },
        lastPosition: { lat: 48.85, lng: 2.35, accuracy: 12, at: '2026-03-02T09:20:00Z' },
        delayMinutes: 25,
        plannedFinish: '2026-03-02T12:00:00Z',
        predictedFinish: '2026-03-02T12:25:00Z',
      }),
    );
    expect(facts).toEqual({
      delivered: 2,
      failed: 1,
      skipped: 0,
      todo: 3,
      total: 6,
      lastReportAt: Date.parse('2026-03-02T09:25:00Z'),
      lastPosition: { lat: 48.85, lng: 2.35, accuracy: 12, at: Date.parse('2026-03-02T09:20:00Z') },
      lateMinutes: 25,
      plannedFinish: Date.parse('2026-03-02T12:00:00Z'),
      predictedFinish: Date.parse('2026-03-02T12:25:00Z'),
    });
    expect(punctuality(facts)).toBe('late');
    expect(hasReports(facts)).toBe(true);
  });

  it('without a plan: no lateness, no finish, no judgement of punctuality', () => {
    const facts = progressFacts(
      route({ counts: { delivered: 0, failed: 0, skipped: 0, toDo: 4, total: 4 } }),
    );
    expect(facts).toMatchObject({ lateMinutes: null, plannedFinish: null, predictedFinish: null });
    expect(punctuality(facts)).toBeNull();
    expect(hasReports(facts)).toBe(false);
  });

  it('is on time up to 5 minutes late, and when early', () => {
    expect(punctuality({ lateMinutes: 5 })).toBe('on-time');
    expect(punctuality({ lateMinutes: 6 })).toBe('late');
    expect(punctuality({ lateMinutes: -30 })).toBe('on-time');
  });
});

describe('combineFacts', () => {
  it('adds the drivers’ counts; the day is as late as its latest driver and ends with the last', () => {
    const one = progressFacts(
      route({
        delayMinutes: 5,
        predictedFinish: '2026-03-02T15:05:00Z',
        lastReport: { at: '2026-03-02T10:00:00Z', stopId: 'a' },
      }),
    );
    const two = progressFacts(
      route({
        counts: { delivered: 1, failed: 0, skipped: 1, toDo: 1, total: 3 },
        delayMinutes: 40,
        predictedFinish: '2026-03-02T14:40:00Z',
        lastPosition: { lat: 1, lng: 2, accuracy: 5, at: '2026-03-02T10:30:00Z' },
      }),
    );
    expect(combineFacts([one, two])).toMatchObject({
      delivered: 3,
      failed: 1,
      skipped: 1,
      todo: 4,
      total: 9,
      lateMinutes: 40,
      predictedFinish: Date.parse('2026-03-02T15:05:00Z'),
      lastReportAt: Date.parse('2026-03-02T10:00:00Z'),
      lastPosition: { lat: 1, lng: 2 },
    });
  });
});
