import { describe, expect, it } from 'vitest';
import { DRIVER_COLOURS, contrast, driverStyle } from './palette.ts';

describe('driver styles', () => {
  it('gives 20 drivers 20 different looks (colour and line pattern)', () => {
    const looks = Array.from({ length: 20 }, (_, i) => driverStyle(i + 1)).map(
      ({ colour, dash }) => `${colour}|${dash}`,
    );
    expect(new Set(looks).size).toBe(20);
    expect(driverStyle(1)).toEqual({ colour: '#0072B2', dash: '', text: '#ffffff' });
    expect(driverStyle(8).colour).toBe(driverStyle(1).colour);
    expect(driverStyle(8).dash).not.toBe('');
  });

  it('writes marker numbers in black or white with at least 4.5:1 contrast', () => {
    for (let number = 1; number <= DRIVER_COLOURS.length; number++) {
      const { colour, text } = driverStyle(number);
      expect(contrast(colour, text), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });
});
