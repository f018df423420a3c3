// @vitest-environment jsdom
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { costText, roadTimesProgressText } from './road-times-text.ts';

const t = i18n.getFixedT('en');

describe('costText', () => {
  it('says road times, or straight lines and why', () => {
    expect(costText({ cost: 'road' }, t)).toBe('Compared by road travel times.');
    expect(costText({ cost: 'straight', straightBecause: 'too-many-places' }, t)).toBe(
      'Compared by straight-line travel times at 50 km/h: road times are asked for up to 1000 stops.',
    );
    expect(costText({ cost: 'straight', straightBecause: 'route-service' }, t)).toBe(
      'Compared by straight-line travel times at 50 km/h: the route service did not answer.',
    );
  });
});

describe('roadTimesProgressText', () => {
  it('says the blocks, and the time left once it is worth saying', () => {
    expect(roadTimesProgressText({ done: 34, total: 100, leftMs: 5_000 }, t)).toBe(
      'Road times: 34 of 100 blocks…',
    );
    expect(roadTimesProgressText({ done: 34, total: 100, leftMs: 130_000 }, t)).toBe(
      'Road times: 34 of 100 blocks… About 2 minutes left.',
    );
  });
});
