import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatCoordinate,
  formatDistance,
  formatDuration,
  formatLatLng,
} from './format';

describe('formatDistance (spec section 9)', () => {
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

describe('formatDuration (spec section 9)', () => {
  it("shows 'Ym' under an hour", () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(29)).toBe('0m');
    expect(formatDuration(30)).toBe('1m');
    expect(formatDuration(59 * 60)).toBe('59m');
  });

  it("shows 'Xh Ym' from an hour", () => {
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(3599.6)).toBe('1h 0m');
    expect(formatDuration(4 * 3600 + 25 * 60 + 10)).toBe('4h 25m');
    expect(formatDuration(30 * 3600)).toBe('30h 0m');
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
