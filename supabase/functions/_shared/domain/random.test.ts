import { describe, expect, it } from 'vitest';
import { createRandom, randomBelow } from './random.ts';

const draw = (seed: number, count: number): number[] => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random());
};

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw(7, 20)).toEqual(draw(7, 20));
    expect(draw(7, 20)).not.toEqual(draw(8, 20));
  });

  it('is mulberry32: seeded runs give the same result from one release to the next', () => {
    const random = createRandom(1);
    expect([random(), random(), random()].map((x) => x * 2 ** 32)).toEqual([
      2693262067, 11749833, 2265367787,
    ]);
  });

  it('draws in [0, 1) and spreads evenly', () => {
    const values = draw(3, 10_000);
    expect(values.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});

describe('randomBelow', () => {
  it('draws every integer in [0, bound) and nothing else', () => {
    const random = createRandom(5);
    const seen = new Set(Array.from({ length: 1000 }, () => randomBelow(random, 7)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
