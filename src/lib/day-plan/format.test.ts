import { describe, expect, it } from 'vitest';
import { formatDayAndTime, formatTimeOfDay, minutesOf, timeLocale } from './format';

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

  it('rounds a span up to whole minutes', () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(30_000)).toBe(1);
    expect(minutesOf(600_000)).toBe(10);
    expect(minutesOf(-5)).toBe(0);
  });
});
