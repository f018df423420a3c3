import { describe, expect, it } from 'vitest';
import { sharedRouteCopy } from './shared-route-copy';

describe('a copy of a shared route', () => {
  it('keeps the title, the stops and the notes the link shows, and starts with nothing done', () => {
    expect(
      sharedRouteCopy({
        title: 'Saturday market',
        stops: [
          { name: 'Bakery', lat: 1, lng: 2, note: 'Side door', status: 'done' },
          { name: 'Market', lat: 3, lng: 4, status: 'skipped' },
        ],
      }),
    ).toEqual({
      title: 'Saturday market',
      stops: [
        { name: 'Bakery', lat: 1, lng: 2, note: 'Side door' },
        { name: 'Market', lat: 3, lng: 4 },
      ],
    });
  });
});
