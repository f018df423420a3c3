import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { editLabelKey, rowDescribedBy, rowLabels } from './row-labels';

describe('a stop row’s labels', () => {
  it('makes each text once per key and values', () => {
    const t = vi.fn((key: string, values: { number: number }) => `${key} ${values.number}`);
    const label = rowLabels(t as unknown as TFunction);
    expect(label('planner.moveUp', { number: 2 })).toBe('planner.moveUp 2');
    expect(label('planner.moveUp', { number: 2 })).toBe('planner.moveUp 2');
    expect(label('planner.moveUp', { number: 3 })).toBe('planner.moveUp 3');
    expect(t).toHaveBeenCalledTimes(2);
  });

  it('names the edit button after what its panel holds', () => {
    expect(editLabelKey(true, false)).toBe('planner.editStop');
    expect(editLabelKey(false, true)).toBe('planner.editNote');
    expect(editLabelKey(false, false)).toBe('planner.addNote');
  });

  it('describes the row by the help, the leg once known (not the first stop’s), the closed note', () => {
    const ids = { help: 'help', leg: 'leg', note: 'note' };
    const row = { index: 1, hasLeg: true, hasNote: true, noteOpen: false };
    expect(rowDescribedBy(ids, row)).toBe('help leg note');
    expect(rowDescribedBy(ids, { ...row, index: 0 })).toBe('help note');
    expect(rowDescribedBy(ids, { ...row, hasLeg: false, noteOpen: true })).toBe('help');
  });
});
