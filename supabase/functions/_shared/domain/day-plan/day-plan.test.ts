import { describe, expect, it } from 'vitest';
import { DEFAULT_STOP_LOAD, hasDayFields, isStopLoad, loadOf, STOP_LOAD_MAX } from './day-plan.ts';

describe('a stop’s load', () => {
  it('is a whole number from 0 to 9999', () => {
    for (const load of [0, 1, 12, STOP_LOAD_MAX]) expect(isStopLoad(load)).toBe(true);
    for (const load of [-1, 1.5, STOP_LOAD_MAX + 1, '3', null, Number.NaN, Infinity])
      expect(isStopLoad(load)).toBe(false);
  });

  it('counts 1 when the stop has none, and 0 when it says 0', () => {
    expect(DEFAULT_STOP_LOAD).toBe(1);
    expect(loadOf({})).toBe(1);
    expect(loadOf({ load: 3 })).toBe(3);
    expect(loadOf({ load: 0 })).toBe(0);
  });

  it('is one of the fields of a working day', () => {
    expect(hasDayFields(null, [{}, {}])).toBe(false);
    expect(hasDayFields(null, [{}, { load: 0 }])).toBe(true);
  });
});
