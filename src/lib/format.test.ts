import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatCoordinate,
  formatDistance,
  durationMinutes,
  formatDuration,
  formatMinutes,
  formatLatLng,
} from './format';

describe('formatDistance in miles and feet (en-US, en-GB)', () => {
  it('shows feet under a tenth of a mile, to 10 ft from 100 ft', () => {
    expect(formatDistance(0, 'en', 'imperial')).toBe('0 ft');
    expect(formatDistance(10, 'en', 'imperial')).toBe('33 ft');
    expect(formatDistance(100, 'en', 'imperial')).toBe('330 ft');
    expect(formatDistance(160, 'en', 'imperial')).toBe('520 ft');
  });

  it('shows one decimal mile under 10 mi, whole miles from 10 mi', () => {
    expect(formatDistance(161, 'en', 'imperial')).toBe('0.1 mi');
    expect(formatDistance(1609.344, 'en', 'imperial')).toBe('1.0 mi');
    expect(formatDistance(15_900, 'en', 'imperial')).toBe('9.9 mi');
    expect(formatDistance(16_030, 'en', 'imperial')).toBe('10 mi');
    expect(formatDistance(465_400, 'en', 'imperial')).toBe('289 mi');
  });

  it("writes the language's numbers and unit words", () => {
    const words = { km: 'km', m: 'm', mi: 'mi', ft: 'pies' };
    expect(formatDistance(100, 'es', 'imperial', words)).toBe('330 pies');
    expect(formatDistance(5349, 'de', 'metric')).toBe('5,3 km');
    expect(formatDistance(5000, 'fr', 'imperial')).toBe('3,1 mi');
  });
});

describe('formatDistance', () => {
  it('shows metres under 1000 m', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(999.4)).toBe('999 m');
  });

  it('shows one decimal km under 10 km', () => {
    expect(formatDistance(999.6)).toBe('1.0 km');
    expect(formatDistance(1000)).toBe('1.0 km');
    expect(formatDistance(5349)).toBe('5.3 km');
    expect(formatDistance(9949)).toBe('9.9 km');
  });

  it('shows whole km from 10 km', () => {
    expect(formatDistance(9960)).toBe('10 km');
    expect(formatDistance(10_000)).toBe('10 km');
    expect(formatDistance(465_512)).toBe('466 km');
    expect(formatDistance(1_234_567)).toBe('1235 km');
  });

  it('treats missing or negative values as zero', () => {
    expect(formatDistance(Number.NaN)).toBe('0 m');
    expect(formatDistance(-5)).toBe('0 m');
  });

  it('uses the decimal separator of the locale', () => {
    expect(formatDistance(5349, 'fr')).toBe('5,3 km');
    expect(formatDistance(5349, 'de')).toBe('5,3 km');
  });
});

describe('formatDuration', () => {
  it("shows 'Ym' under an hour, rounded to the nearest minute", () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(29)).toBe('0m');
    expect(formatDuration(30)).toBe('1m');
    expect(formatDuration(43 * 60 + 29)).toBe('43m');
    expect(formatDuration(59 * 60)).toBe('59m');
  });

  it("shows 'Xh Ym' from an hour", () => {
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(3599.6)).toBe('1h 0m');
    expect(formatDuration(65 * 60)).toBe('1h 5m');
    expect(formatDuration(4 * 3600 + 25 * 60 + 10)).toBe('4h 25m');
    expect(formatDuration(30 * 3600)).toBe('30h 0m');
  });

  it('writes one format per language, the language’s own narrow units', () => {
    const shown = (locale: string) => [
      formatDuration(43 * 60, locale),
      formatDuration(65 * 60, locale),
    ];
    expect(shown('de')).toEqual(['43 Min.', '1h, 5 Min.']);
    expect(shown('fr')).toEqual(['43min', '1h 5min']);
    expect(shown('es')).toEqual(['43min', '1h 5min']);
    expect(shown('it')).toEqual(['43min', '1h 5min']);
    expect(shown('pt')).toEqual(['43 min', '1 h 5 min']);
  });

  it('rounds every duration one way: the minutes of a duration and its text agree', () => {
    for (const seconds of [0, 29, 30, 89, 90, 2609, 2610, 3599, 3630, 7199]) {
      const minutes = durationMinutes(seconds);
      expect(formatDuration(seconds)).toBe(formatMinutes(minutes));
      expect(Math.abs(minutes * 60 - seconds)).toBeLessThanOrEqual(30);
    }
  });
});

describe('formatCoordinate', () => {
  it('shows 4 decimals in the planner and 6 when asked', () => {
    expect(formatCoordinate(48.8534951)).toBe('48.8535');
    expect(formatCoordinate(-74.006)).toBe('-74.0060');
    expect(formatCoordinate(2.3483916, 6)).toBe('2.348392');
    expect(formatLatLng({ lat: 40.7128, lng: -74.006 })).toBe('40.7128, -74.0060');
  });
});

describe('formatDistance (rounding edges and locales)', () => {
  it('uses metres under 1000 m, one decimal under 10 km, whole km above', () => {
    expect(formatDistance(0, 'en')).toBe('0 m');
    expect(formatDistance(999.4, 'en')).toBe('999 m');
    expect(formatDistance(999.6, 'en')).toBe('1.0 km');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(9949, 'en')).toBe('9.9 km');
    expect(formatDistance(9950, 'en')).toBe('10 km');
    expect(formatDistance(123_456, 'en')).toBe('123 km');
  });

  it('follows the language for separators', () => {
    expect(formatDistance(1234, 'de')).toBe('1,2 km');
  });
});

describe('formatClockTime', () => {
  it('shows hours and minutes as the language writes them', () => {
    const at = new Date(2026, 10, 22, 14, 5).getTime();
    expect(formatClockTime(at, 'en')).toBe('2:05 PM');
    expect(formatClockTime(at, 'de')).toBe('14:05');
    expect(formatClockTime(at, 'fr')).toBe('14:05');
  });
});
