import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  formatClock,
  formatDeparture,
  instantAt,
  isTimeZone,
  offsetAt,
  parseClock,
  parseDeparture,
  roundUpToMinutes,
  wallClockAt,
  type Zone,
} from './clock.ts';

const iana = (name: string): Zone => ({ kind: 'iana', name });
const paris = iana('Europe/Paris');
const newYork = iana('America/New_York');
const sydney = iana('Australia/Sydney');
const utc = (text: string) => Date.parse(text);

describe('times of day', () => {
  it('reads HH:MM within the day and nothing else', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('09:05')).toBe(545);
    expect(parseClock('23:59')).toBe(1439);
    for (const bad of ['24:00', '9:00', '12:60', '12:5', ' 12:00', '12:00:00', '', 12, null]) {
      expect(parseClock(bad)).toBeNull();
    }
  });

  it('writes minutes as HH:MM, wrapping around the day', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(545)).toBe('09:05');
    expect(formatClock(1439)).toBe('23:59');
    expect(formatClock(1440 + 60)).toBe('01:00');
    expect(formatClock(-60)).toBe('23:00');
  });

  it('round-trips every minute of the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(parseClock(formatClock(minutes))).toBe(minutes);
      }),
    );
  });
});

describe('departures with their offset', () => {
  it('reads the moment and keeps the offset it was written with', () => {
    const departure = parseDeparture('2026-03-02T08:00+01:00');
    expect(departure).toEqual({
      instant: utc('2026-03-02T07:00:00Z'),
      date: { year: 2026, month: 3, day: 2 },
      minutes: 480,
      offset: 60,
    });
    expect(parseDeparture('2026-03-02T08:00:30Z')?.instant).toBe(utc('2026-03-02T08:00:30Z'));
    expect(parseDeparture('2026-03-01T22:15-05:30')?.instant).toBe(utc('2026-03-02T03:45:00Z'));
  });

  it('refuses what is not a real date and time with an offset', () => {
    for (const bad of [
      '2026-03-02T08:00',
      '2026-02-30T08:00+01:00',
      '2026-03-02T24:00+01:00',
      '2026-03-02T08:60+01:00',
      '2026-03-02T08:00+19:00',
      '2026-03-02T08:00+01:75',
      '2026-03-02 08:00+01:00',
      '1969-12-31T23:00Z',
      'tomorrow',
      42,
      undefined,
    ]) {
      expect(parseDeparture(bad)).toBeNull();
    }
  });

  it('writes a moment on a zone’s clocks with the offset of that day', () => {
    expect(formatDeparture(utc('2026-01-15T07:00:00Z'), paris)).toBe('2026-01-15T08:00+01:00');
    expect(formatDeparture(utc('2026-07-15T06:00:00Z'), paris)).toBe('2026-07-15T08:00+02:00');
    expect(formatDeparture(utc('2026-07-15T12:00:00Z'), newYork)).toBe('2026-07-15T08:00-04:00');
    expect(formatDeparture(utc('2026-07-15T02:30:00Z'), iana('Asia/Kolkata'))).toBe(
      '2026-07-15T08:00+05:30',
    );
  });

  it('reads back what it writes, in any zone', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, name) => {
          const minute = Math.floor(ms / 60_000) * 60_000;
          expect(parseDeparture(formatDeparture(minute, iana(name)))?.instant).toBe(minute);
        },
      ),
    );
  });

  it('rounds now up to the next 5 minutes', () => {
    expect(roundUpToMinutes(utc('2026-03-02T08:01:10Z'))).toBe(utc('2026-03-02T08:05:00Z'));
    expect(roundUpToMinutes(utc('2026-03-02T08:05:00Z'))).toBe(utc('2026-03-02T08:05:00Z'));
    expect(roundUpToMinutes(utc('2026-03-02T23:58:00Z'))).toBe(utc('2026-03-03T00:00:00Z'));
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(3)).toBe(false);
  });

  it('gives each zone’s offset for the season', () => {
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), paris)).toBe(60);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), paris)).toBe(120);
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), newYork)).toBe(-300);
    expect(offsetAt(utc('2026-01-15T12:00:00Z'), sydney)).toBe(660);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), sydney)).toBe(600);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), iana('Asia/Kathmandu'))).toBe(345);
    expect(offsetAt(utc('2026-07-15T12:00:00Z'), { kind: 'offset', minutes: -210 })).toBe(-210);
  });

  it('changes the offset at the very moment the clocks change, asked in any order', () => {
    // Paris goes to summer time at 01:00 UTC on 29 March 2026.
    const change = utc('2026-03-29T01:00:00Z');
    const moments = [change - 1, change, change + 59_999, change - 60_000, change + 1];
    const expected = [60, 120, 120, 60, 120];
    expect(moments.map((instant) => offsetAt(instant, paris))).toEqual(expected);
    expect(moments.map((instant) => offsetAt(instant, paris))).toEqual(expected);
    expect([...moments].reverse().map((instant) => offsetAt(instant, paris))).toEqual(
      [...expected].reverse(),
    );
  });

  it('puts a wall-clock time on a date at the right moment', () => {
    const day = { year: 2026, month: 3, day: 2 };
    expect(instantAt(day, 9 * 60, paris)).toBe(utc('2026-03-02T08:00:00Z'));
    expect(instantAt(day, 9 * 60, newYork)).toBe(utc('2026-03-02T14:00:00Z'));
    expect(instantAt(day, 9 * 60, sydney)).toBe(utc('2026-03-01T22:00:00Z'));
    expect(instantAt(day, 9 * 60, { kind: 'offset', minutes: 330 })).toBe(
      utc('2026-03-02T03:30:00Z'),
    );
    expect(wallClockAt(utc('2026-03-01T22:00:00Z'), sydney)).toEqual({ date: day, minutes: 540 });
  });

  it('on the spring DST day, reads a skipped time forward by the gap', () => {
    // Paris, 29 March 2026: 02:00 becomes 03:00.
    const day = { year: 2026, month: 3, day: 29 };
    expect(instantAt(day, 60 + 30, paris)).toBe(utc('2026-03-29T00:30:00Z'));
    expect(instantAt(day, 2 * 60 + 30, paris)).toBe(utc('2026-03-29T01:30:00Z'));
    expect(wallClockAt(utc('2026-03-29T01:30:00Z'), paris).minutes).toBe(3 * 60 + 30);
    expect(instantAt(day, 3 * 60, paris)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(instantAt(day, 9 * 60, paris)).toBe(utc('2026-03-29T07:00:00Z'));
    // New York, 8 March 2026.
    expect(instantAt({ year: 2026, month: 3, day: 8 }, 2 * 60 + 15, newYork)).toBe(
      utc('2026-03-08T07:15:00Z'),
    );
    // Lord Howe Island moves its clocks by half an hour (3 October 2027: 02:00 becomes 02:30).
    expect(
      instantAt({ year: 2027, month: 10, day: 3 }, 2 * 60 + 10, iana('Australia/Lord_Howe')),
    ).toBe(utc('2027-10-02T15:40:00Z'));
  });

  it('on the autumn DST day, reads a time shown twice as the earlier one', () => {
    // Paris, 25 October 2026: 03:00 becomes 02:00, so 02:30 happens twice.
    const day = { year: 2026, month: 10, day: 25 };
    expect(instantAt(day, 2 * 60 + 30, paris)).toBe(utc('2026-10-25T00:30:00Z'));
    expect(instantAt(day, 3 * 60 + 30, paris)).toBe(utc('2026-10-25T02:30:00Z'));
    expect(instantAt(day, 9 * 60, paris)).toBe(utc('2026-10-25T08:00:00Z'));
    // The day is 25 hours long: midnight to midnight.
    expect(instantAt(addDays(day), 0, paris) - instantAt(day, 0, paris)).toBe(25 * 3_600_000);
  });

  it('crosses month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 })).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 })).toEqual({ year: 2028, month: 2, day: 29 });
  });
});
