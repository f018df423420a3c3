import { describe, expect, it, vi } from 'vitest';
import {
  DEVICE_TIME_ZONE_TTL_MS,
  deviceTimeZone,
  formatClockText,
  formatDayAndTime,
  formatTimeOfDay,
  minutesBetween,
  rememberedFor,
  stopTimeMinutes,
  timeLocale,
} from './format';

const at = Date.parse('2026-03-02T07:05:40Z');

describe('times as people read them', () => {
  it('takes the browser’s region for the interface language, else the language', () => {
    expect(timeLocale('en', ['en-GB', 'fr-FR'])).toBe('en-GB');
    expect(timeLocale('en', ['fr-FR', 'en_US'])).toBe('en-US');
    expect(timeLocale('de', ['en-US'])).toBe('de');
    expect(timeLocale('pt', ['pt-BR'])).toBe('pt-BR');
  });

  it('writes 12 or 24 hours by the locale, in the given zone, dropping the seconds', () => {
    expect(formatTimeOfDay(at, 'en-US', 'UTC')).toBe('7:05 AM');
    expect(formatTimeOfDay(at, 'en-GB', 'UTC')).toBe('07:05');
    expect(formatTimeOfDay(at, 'de', 'Europe/Berlin')).toBe('08:05');
    expect(formatTimeOfDay(at, 'fr', 'America/New_York')).toBe('02:05');
    expect(formatDayAndTime(at, 'en-GB', 'UTC')).toBe('Mon 2 Mar, 07:05');
  });

  it('writes a window’s HH:MM in the locale’s conventions', () => {
    expect(formatClockText('09:00', 'en-US')).toBe('9:00 AM');
    expect(formatClockText('13:30', 'de')).toBe('13:30');
    expect(formatClockText('later', 'en-US')).toBe('later');
  });

  it('counts the minutes between two times as they read, seconds dropped from both', () => {
    const clock = (time: string) => Date.parse(`2026-03-02T${time}Z`);
    // An arrival at 9:37:40 reads 9:37: 67 minutes after a window closing at 8:30.
    expect(minutesBetween(clock('08:30:00'), clock('09:37:40'))).toBe(67);
    // A wait from 8:52:30 (reads 8:52) until 9:00 is 8 minutes.
    expect(minutesBetween(clock('08:52:30'), clock('09:00:00'))).toBe(8);
    expect(minutesBetween(clock('09:00:00'), clock('08:00:00'))).toBe(0);
  });

  it('gives a stop’s wait and lateness from the times it shows', () => {
    const arrival = Date.parse('2026-03-02T09:37:40Z');
    const closes = Date.parse('2026-03-02T08:30:00Z');
    expect(stopTimeMinutes({ arrival, wait: 0, late: arrival - closes })).toEqual({
      wait: 0,
      late: 67,
    });
    expect(stopTimeMinutes({ arrival, wait: 20_000, late: 0 })).toEqual({ wait: 1, late: 0 });
    expect(stopTimeMinutes({ arrival: null, wait: 0, late: 0 })).toEqual({ wait: 0, late: 0 });
  });
});

describe('the device’s time zone', () => {
  it('is an IANA name the formatters accept, the same on every call', () => {
    const zone = deviceTimeZone();
    expect(() => formatTimeOfDay(at, 'en-GB', zone)).not.toThrow();
    expect(deviceTimeZone()).toBe(zone);
    expect(DEVICE_TIME_ZONE_TTL_MS).toBe(60_000);
  });

  it('is remembered for a while, then asked again (a device that changes zone is followed)', () => {
    let now = 1_000;
    const zones = ['Europe/Paris', 'America/New_York'];
    const read = vi.fn(() => zones[read.mock.calls.length - 1]);
    const zone = rememberedFor(60_000, read, () => now);
    expect(zone()).toBe('Europe/Paris');
    now += 59_999;
    expect(zone()).toBe('Europe/Paris');
    expect(read).toHaveBeenCalledTimes(1);
    now += 1;
    expect(zone()).toBe('America/New_York');
    expect(zone()).toBe('America/New_York');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('is asked again when the clock goes back', () => {
    let now = 500_000;
    const read = vi.fn(() => now);
    const remembered = rememberedFor(60_000, read, () => now);
    expect(remembered()).toBe(500_000);
    now = 400_000;
    expect(remembered()).toBe(400_000);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
