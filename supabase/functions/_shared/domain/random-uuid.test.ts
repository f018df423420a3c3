import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('is crypto.randomUUID where the page has it', () => {
    const fixed = '00000000-0000-4000-8000-000000000001';
    expect(randomUuid({ randomUUID: () => fixed, getRandomValues: (array) => array })).toBe(fixed);
    expect(randomUuid()).toMatch(UUID_V4);
  });

  it('outside a secure context, makes a version 4 UUID of getRandomValues’ bytes', () => {
    const getRandomValues = (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array);
    const ids = new Set(Array.from({ length: 1000 }, () => randomUuid({ getRandomValues })));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    const allOnes = randomUuid({
      getRandomValues: (array) => array.fill(0xff),
    });
    expect(allOnes).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
