import { describe, expect, it } from 'vitest';
import { classifyStopChange } from './interaction-timing';

const list = (...ids: string[]) => ids.map((id) => ({ id }));

describe('classifyStopChange', () => {
  it('tells an added, removed or moved stop from other changes', () => {
    const abc = list('a', 'b', 'c');
    expect(classifyStopChange(abc, abc)).toBeNull();
    expect(classifyStopChange(abc, list('a', 'b', 'c', 'd'))).toBe('add');
    expect(classifyStopChange(abc, list('a', 'c'))).toBe('remove');
    expect(classifyStopChange(abc, list('b', 'a', 'c'))).toBe('move');
    expect(classifyStopChange(abc, list('c', 'a', 'b'))).toBe('move');
    expect(classifyStopChange(abc, list('a', 'b', 'c'))).toBe('change');
    expect(classifyStopChange(abc, list('x', 'y', 'z'))).toBe('change');
    expect(classifyStopChange(abc, list('a', 'x'))).toBe('change');
    expect(classifyStopChange(abc, list('x', 'a', 'b', 'c'))).toBe('change');
    expect(classifyStopChange(abc, [])).toBe('change');
  });
});
