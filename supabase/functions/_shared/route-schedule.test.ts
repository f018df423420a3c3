import { describe, expect, it } from 'vitest';
import { stopTimes } from './route-schedule.ts';

const plan = { departure: '2026-03-02T08:00+01:00', timeZone: 'Europe/Paris' };
const stops = [
  { id: 's1', name: 'Depot', lat: 48.86, lng: 2.35 },
  { id: 's2', name: 'Pharmacy', lat: 48.87, lng: 2.34, serviceMinutes: 10 },
  { id: 's3', name: 'Bakery', lat: 48.85, lng: 2.36, window: { start: '09:00', end: '10:00' } },
];

describe('stopTimes', () => {
  it('gives each stop its planned arrival (the start its departure) and its window’s opening', () => {
    // The day leaves as late as the window allows: 08:30 + 10 min drive + 10 min + 10 min = 09:00.
    expect(stopTimes(plan, stops, [600, 600])).toEqual({
      s1: { arrival: Date.parse('2026-03-02T07:30:00Z') },
      s2: { arrival: Date.parse('2026-03-02T07:40:00Z') },
      s3: {
        arrival: Date.parse('2026-03-02T08:00:00Z'),
        opens: Date.parse('2026-03-02T08:00:00Z'),
      },
    });
  });

  it('is null without a departure or stops', () => {
    expect(stopTimes(undefined, stops, [600, 600])).toBeNull();
    expect(stopTimes({ timeZone: 'Europe/Paris' }, stops, [600, 600])).toBeNull();
    expect(stopTimes(plan, [], [])).toBeNull();
  });
});
