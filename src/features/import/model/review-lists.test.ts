import { describe, expect, it } from 'vitest';
import type { ImportEntry } from './import-review';
import { parseImport } from './parse-import';
import { countKinds, needingAttention, readyEntries } from './review-lists';

const entry = (line: number, status: ImportEntry['status']) =>
  ({ line, text: `Street ${line}`, status }) as ImportEntry;

describe('the import panel’s lists', () => {
  it('counts the preview’s lines by what they read as', () => {
    expect(countKinds(parseImport('Street 1\n48.85, 2.35\n"unclosed').rows)).toEqual({
      address: 1,
      point: 1,
      unreadable: 1,
    });
  });

  it('lists the lines to look at, the waiting ones only once the lookups stopped', () => {
    const review = {
      entries: [entry(1, 'ready'), entry(2, 'waiting'), entry(3, 'notFound'), entry(4, 'ready')],
    };
    expect(needingAttention(review, true).map((item) => item.line)).toEqual([3]);
    expect(needingAttention(review, false).map((item) => item.line)).toEqual([2, 3]);
    expect(readyEntries(review).map((item) => item.line)).toEqual([1, 4]);
  });
});
