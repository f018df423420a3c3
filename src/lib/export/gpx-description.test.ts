import { describe, expect, it } from 'vitest';
import {
  waypointDescription,
  waypointTime,
  waypointTimesText,
  type WaypointTexts,
  type WaypointTimes,
} from './gpx-description';

const MIN = 60_000;
const BASE = Date.UTC(2030, 2, 4, 8, 0);
const at = (minutes: number) => BASE + minutes * MIN;
const clock = (instant: number) => new Date(instant).toISOString().slice(11, 16);

/** English words, times on UTC clocks: what the export menu passes, minus i18n. */
const texts: WaypointTexts = {
  time: clock,
  dayAndTime: (instant) => `Mon 4 Mar, ${clock(instant)}`,
  span: (ms) => `${Math.round(ms / MIN)}m`,
  minutes: (count) => `${count}m`,
  arrive: (time) => `Arrive ${time}`,
  wait: (span) => `wait ${span}`,
  atStop: (span) => `${span} at the stop`,
  leave: (time) => `Leave ${time}`,
  window: (start, end) => `Window ${start}–${end}`,
  late: (span) => `Late by ${span}`,
  load: (count) => `Load ${count}`,
};

const stop = (fields: Partial<WaypointTimes>): WaypointTimes => ({
  arrival: at(20),
  wait: 0,
  departure: at(20),
  late: 0,
  window: null,
  ...fields,
});

describe('a waypoint’s planned times', () => {
  it('says when the driver leaves the start, with the day', () => {
    expect(waypointTimesText(stop({ arrival: null, departure: at(0) }), texts)).toBe(
      'Leave Mon 4 Mar, 08:00',
    );
  });

  it('says the arrival, the wait, the time at the stop, the departure and the window', () => {
    expect(
      waypointTimesText(
        stop({ arrival: at(20), wait: 10 * MIN, departure: at(40), window: [at(30), at(60)] }),
        texts,
      ),
    ).toBe('Arrive 08:20 · wait 10m · 10m at the stop · Leave 08:40 · Window 08:30–09:00');
    // No wait and no time at the stop: neither is mentioned.
    expect(waypointTimesText(stop({}), texts)).toBe('Arrive 08:20 · Leave 08:20');
  });

  it('starts with the lateness of a stop reached after its window closed', () => {
    expect(
      waypointTimesText(
        stop({ arrival: at(75), departure: at(80), late: 15 * MIN, window: [at(30), at(60)] }),
        texts,
      ),
    ).toBe('Late by 15m. Arrive 09:15 · 5m at the stop · Leave 09:20 · Window 08:30–09:00');
  });

  it('puts the note on the next line, and keeps a note alone without times', () => {
    expect(waypointDescription(stop({}), 'Ring twice', texts)).toBe(
      'Arrive 08:20 · Leave 08:20\nRing twice',
    );
    expect(waypointDescription(null, 'Ring twice', texts)).toBe('Ring twice');
    expect(waypointDescription(undefined, '  ', texts)).toBeUndefined();
    expect(waypointDescription(stop({}), '  ', texts)).toBe('Arrive 08:20 · Leave 08:20');
  });

  it('says the stop’s load, with or without times, 0 included', () => {
    expect(waypointDescription(stop({}), 'Ring twice', texts, 3)).toBe(
      'Arrive 08:20 · Leave 08:20\nLoad 3\nRing twice',
    );
    expect(waypointDescription(null, undefined, texts, 0)).toBe('Load 0');
  });

  it('times the waypoint at the planned arrival, the start at the departure', () => {
    expect(waypointTime(stop({ arrival: at(20), departure: at(30) }))).toBe(at(20));
    expect(waypointTime(stop({ arrival: null, departure: at(0) }))).toBe(at(0));
    expect(waypointTime(null)).toBeUndefined();
  });
});
