import { describe, expect, it } from 'vitest';
import {
  parseServiceMinutes,
  parseTimeOfDay,
  parseWindow,
  parseWindowEnd,
  windowOf,
} from './day-values';

const window = (start: string, end: string) => ({ window: { start, end } });

describe('times of day as written in a spreadsheet', () => {
  it.each([
    ['9', 540],
    ['09', 540],
    ['9:00', 540],
    ['09:30', 570],
    ['9h', 540],
    ['9h30', 570],
    ['9 Uhr', 540],
    ['9 h 30', 570],
    ['9.30', 570],
    ['0930', 570],
    ['9am', 540],
    ['9 AM', 540],
    ['12am', 0],
    ['12 p.m.', 720],
    ['2:30 pm', 870],
    ['0:00', 0],
    ['23:59', 1439],
    ['24:00', 1440],
    ['2400', 1440],
  ])('%s', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
  });

  it.each([
    '',
    'noon',
    '25:00',
    '9:60',
    '13pm',
    '0am',
    '24:01',
    '9:5',
    '-1',
    '1.5',
    '2401',
    '2430',
    '2459',
    '0960',
  ])('not a time: %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });
});

describe('time windows in one cell', () => {
  it.each([
    ['09:00-12:00', window('09:00', '12:00')],
    ['9-12', window('09:00', '12:00')],
    ['9 - 12', window('09:00', '12:00')],
    ['09:00–12:00', window('09:00', '12:00')],
    ['9h—12h30', window('09:00', '12:30')],
    ['9h à 12h', window('09:00', '12:00')],
    ['de 9h à 12h', window('09:00', '12:00')],
    ['from 9 to 12', window('09:00', '12:00')],
    ['between 9:30 and 11', window('09:30', '11:00')],
    ['von 9 bis 12 Uhr', window('09:00', '12:00')],
    ['9 Uhr - 12:30 Uhr', window('09:00', '12:30')],
    ['de 9 a 12', window('09:00', '12:00')],
    ['dalle 9 alle 12', window('09:00', '12:00')],
    ['das 9 até 12', window('09:00', '12:00')],
    ['9am-12pm', window('09:00', '12:00')],
    ['9:30 AM - 1:15 PM', window('09:30', '13:15')],
    ['1-3pm', window('13:00', '15:00')],
    ['11-2pm', window('11:00', '14:00')],
    ['9-11am', window('09:00', '11:00')],
    ['0930-1200', window('09:30', '12:00')],
    ['18-24', window('18:00', '23:59')],
    ['10:00-10:00', window('10:00', '10:00')],
  ])('%s', (text, expected) => {
    expect(parseWindow(text)).toEqual(expected);
  });

  it('says a window that ends before it starts', () => {
    expect(parseWindow('12-9')).toEqual({ problem: 'endBeforeStart' });
    expect(parseWindow('14:00-13:59')).toEqual({ problem: 'endBeforeStart' });
  });

  it.each(['morning', '9', '9 to lunch', '25-26', '2024-01-05', '9-12-15', '9:00/12:00'])(
    'cannot read %j',
    (text) => {
      expect(parseWindow(text)).toEqual({ problem: 'unreadable' });
    },
  );

  it('refuses a four-digit time after the end of the day, as it refuses the same time with a colon', () => {
    expect(parseWindow('1800-2400')).toEqual(window('18:00', '23:59'));
    expect(parseWindow('1800-2430')).toEqual({ problem: 'unreadable' });
    expect(parseWindow('1800-2430')).toEqual(parseWindow('18:00-24:30'));
    expect(parseWindowEnd('2430')).toBe('unreadable');
  });

  it('takes an empty cell as no window', () => {
    expect(parseWindow('')).toBeNull();
    expect(parseWindow('   ')).toBeNull();
  });
});

describe('a window in two columns', () => {
  it('reads each end; one end alone opens the window until midnight or since it', () => {
    expect(parseWindowEnd('9h')).toBe(540);
    expect(parseWindowEnd(' ')).toBeNull();
    expect(parseWindowEnd('soon')).toBe('unreadable');
    expect(windowOf(540, 720)).toEqual(window('09:00', '12:00'));
    expect(windowOf(540, null)).toEqual(window('09:00', '23:59'));
    expect(windowOf(null, 720)).toEqual(window('00:00', '12:00'));
    expect(windowOf(720, 540)).toEqual({ problem: 'endBeforeStart' });
  });
});

describe('time at a stop', () => {
  it.each([
    ['10', 10],
    ['10 min', 10],
    ['10min', 10],
    ['10 mins', 10],
    ['10 minutes', 10],
    ['10 Minuten', 10],
    ['10 minutos', 10],
    ['10 minuti', 10],
    ['10 mn', 10],
    ['0:10', 10],
    ['1:30', 90],
    ['1h30', 90],
    ['1 h 30 min', 90],
    ['1 hr 5 min', 65],
    ['2 h', 120],
    ['1.5 h', 90],
    ['1,5 Std', 90],
    ['0', 0],
    ['7.5', 8],
    ['240', 240],
  ])('%s', (text, minutes) => {
    expect(parseServiceMinutes(text)).toEqual({ minutes });
  });

  it('says a time longer than 240 minutes', () => {
    expect(parseServiceMinutes('241')).toEqual({ problem: 'tooLong' });
    expect(parseServiceMinutes('5 h')).toEqual({ problem: 'tooLong' });
  });

  it.each(['ten', '-5', '10 sec', '1:75', '5 days', '10 min 5'])('cannot read %j', (text) => {
    expect(parseServiceMinutes(text)).toEqual({ problem: 'unreadable' });
  });

  it('takes an empty cell as the route’s default', () => {
    expect(parseServiceMinutes('')).toBeNull();
  });
});
