import { describe, expect, it } from 'vitest';
import * as check from './check';

describe('runtime checks', () => {
  it('primitives: strings, finite numbers, booleans, literals, one of some strings', () => {
    expect(check.string().safeParse('a')).toEqual({ success: true, data: 'a' });
    expect(check.string().safeParse(1).success).toBe(false);
    expect(check.number().safeParse(0)).toEqual({ success: true, data: 0 });
    for (const bad of [Number.NaN, Infinity, -Infinity, '1', null])
      expect(check.number().safeParse(bad).success).toBe(false);
    expect(check.boolean().safeParse(false)).toEqual({ success: true, data: false });
    expect(check.boolean().safeParse(0).success).toBe(false);
    expect(check.literal('start').safeParse('start').success).toBe(true);
    expect(check.literal('start').safeParse('end').success).toBe(false);
    expect(check.oneOf(['done', 'skipped']).safeParse('done').success).toBe(true);
    expect(check.oneOf(['done', 'skipped']).safeParse('late').success).toBe(false);
  });

  it('objects keep the fields they name, leave the others out, and an absent optional field absent', () => {
    const stop = check.object({
      name: check.string(),
      note: check.optional(check.string()),
      window: check.optional(check.object({ start: check.string(), end: check.string() })),
    });
    expect(stop.parse({ name: 'Paris', extra: 1 })).toEqual({ name: 'Paris' });
    expect('note' in stop.parse({ name: 'Paris' })).toBe(false);
    expect(
      stop.parse({ name: 'Paris', note: 'door', window: { start: '9', end: '10', x: 0 } }),
    ).toEqual({ name: 'Paris', note: 'door', window: { start: '9', end: '10' } });
    for (const bad of [null, [], 'Paris', { note: 'x' }, { name: 'P', window: { start: '9' } }])
      expect(stop.safeParse(bad).success).toBe(false);
  });

  it('nullable, defaults, arrays, tuples, unions, conversions and rules', () => {
    expect(check.nullable(check.number()).parse(null)).toBeNull();
    expect(check.optional(check.nullable(check.number())).parse(undefined)).toBeUndefined();
    const link = check.object({
      url: check.string(),
      notes: check.withDefault(check.boolean(), false),
    });
    expect(link.parse({ url: 'u' })).toEqual({ url: 'u', notes: false });
    expect(link.parse({ url: 'u', notes: true })).toEqual({ url: 'u', notes: true });
    expect(check.array(check.number()).parse([1, 2])).toEqual([1, 2]);
    expect(check.array(check.number()).safeParse([1, '2']).success).toBe(false);
    expect(check.array(check.number()).safeParse({ length: 0 }).success).toBe(false);
    const pair = check.tuple(check.number(), check.number());
    expect(pair.parse([1, 2])).toEqual([1, 2]);
    expect(pair.safeParse([1, 2, 3]).success).toBe(false);
    const end = check.union([check.literal('start'), check.object({ lat: check.number() })]);
    expect(end.parse('start')).toBe('start');
    expect(end.parse({ lat: 1, x: 2 })).toEqual({ lat: 1 });
    expect(end.safeParse('last').success).toBe(false);
    const id = check.map(check.union([check.string(), check.number()]), String);
    expect(id.parse(42)).toBe('42');
    const positive = check.refine(check.number(), (value) => value > 0);
    expect(positive.safeParse(-1).success).toBe(false);
    expect(positive.parse(1)).toBe(1);
  });

  it('extend adds fields to an object check; parse throws where safeParse answers', () => {
    const place = check.object({ name: check.string() });
    const reverse = check.extend(place, {
      country: check.optional(check.nullable(check.string())),
    });
    expect(reverse.parse({ name: 'Paris', country: null })).toEqual({
      name: 'Paris',
      country: null,
    });
    expect(() => reverse.parse({})).toThrow(TypeError);
    expect(reverse.safeParse({})).toEqual({ success: false });
  });
});
