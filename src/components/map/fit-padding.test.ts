import { describe, expect, it } from 'vitest';
import { FIT_MARGIN_PX, fitPadding } from './fit-padding';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('the room a fitted view keeps clear of the cards over the map', () => {
  it('keeps the margin on every side without a card', () => {
    expect(fitPadding(box(0, 0, 800, 600), [])).toEqual({
      topLeft: [FIT_MARGIN_PX, FIT_MARGIN_PX],
      bottomRight: [FIT_MARGIN_PX, FIT_MARGIN_PX],
    });
  });

  it('gives a narrow card in the corner of a wide map its column', () => {
    // The desktop planner: a 180 × 200 card 10 px from the top right corner.
    const padding = fitPadding(box(100, 50, 1000, 700), [box(910, 60, 180, 200)]);
    expect(padding.bottomRight[0]).toBe(190 + FIT_MARGIN_PX);
    expect(padding.topLeft).toEqual([FIT_MARGIN_PX, FIT_MARGIN_PX]);
  });

  it('gives a wide card at the top of a phone’s map its band', () => {
    // A phone: the one-line summary across most of a 375 px map, 50 px tall.
    const padding = fitPadding(box(0, 100, 375, 300), [box(120, 106, 249, 44)]);
    expect(padding.topLeft).toEqual([FIT_MARGIN_PX, 50 + FIT_MARGIN_PX]);
    expect(padding.bottomRight).toEqual([FIT_MARGIN_PX, FIT_MARGIN_PX]);
  });

  it('ignores a card outside the map, and one opened over most of it', () => {
    expect(fitPadding(box(0, 0, 400, 300), [box(500, 0, 100, 100)]).topLeft[1]).toBe(FIT_MARGIN_PX);
    const opened = fitPadding(box(0, 0, 375, 300), [box(10, 10, 355, 280)]);
    expect(opened).toEqual({
      topLeft: [FIT_MARGIN_PX, FIT_MARGIN_PX],
      bottomRight: [FIT_MARGIN_PX, FIT_MARGIN_PX],
    });
  });
});
