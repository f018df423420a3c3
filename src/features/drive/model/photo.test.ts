import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_MAX_PIXELS } from './photo';

describe('fitWithin', () => {
  it('scales the longer side down to 1600 px, keeping the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(6000, 100)).toEqual({ width: PHOTO_MAX_PIXELS, height: 27 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least one pixel on each side', () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });
});
