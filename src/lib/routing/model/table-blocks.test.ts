import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assembleTable,
  blockKey,
  fitsBlock,
  hilbertIndex,
  planBlocks,
  type BlockAnswer,
} from './table-blocks';

/** Places on a grid of `columns`, 0.01° apart (about 1 km). */
const grid = (count: number, columns = 25) =>
  Array.from({ length: count }, (_, index) => ({
    lat: 45.6 + Math.floor(index / columns) * 0.01,
    lng: 4.7 + (index % columns) * 0.01,
  }));

describe('hilbertIndex', () => {
  it('walks the 2 x 2 grid in a U, every cell once', () => {
    expect([
      hilbertIndex(0, 0, 1),
      hilbertIndex(0, 1, 1),
      hilbertIndex(1, 1, 1),
      hilbertIndex(1, 0, 1),
    ]).toEqual([0, 1, 2, 3]);
    const cells = new Set<number>();
    for (let x = 0; x < 8; x++) for (let y = 0; y < 8; y++) cells.add(hilbertIndex(x, y, 3));
    expect(cells.size).toBe(64);
  });
});

describe('planBlocks', () => {
  it('one block for places within the table limit', () => {
    const plan = planBlocks(grid(80), 100);
    expect(plan.groups).toHaveLength(1);
    expect(plan.blocks).toEqual([{ from: 0, to: 0 }]);
  });

  it('k x k blocks of groups of nearly equal size: 1000 places at 100 are 100 blocks', () => {
    const plan = planBlocks(grid(1000), 100);
    expect(plan.groups).toHaveLength(10);
    expect(plan.blocks).toHaveLength(100);
    expect(new Set(plan.blocks.map(({ from, to }) => `${from}>${to}`)).size).toBe(100);
    const sizes = planBlocks(grid(250), 100).groups.map((group) => group.length);
    expect(sizes.sort()).toEqual([83, 83, 84]);
  });

  it('asks for the blocks within each group first, then the nearest pairs of groups, both ways', () => {
    // Four clusters far apart on a line: A, B (near A), C, D (near C).
    const cluster = (lat: number, lng: number) =>
      Array.from({ length: 10 }, (_, i) => ({ lat: lat + i * 0.001, lng }));
    const places = [...cluster(45, 4), ...cluster(45, 4.2), ...cluster(45, 8), ...cluster(45, 8.2)];
    const plan = planBlocks(places, 10);
    const groupOf = (place: number) => plan.groups.findIndex((group) => group.includes(place));
    const [a, b, c, d] = [0, 10, 20, 30].map(groupOf);
    expect(
      plan.groups.every((group) => new Set(group.map((i) => Math.floor(i / 10))).size === 1),
    ).toBe(true);
    expect(plan.blocks.slice(0, 4).every(({ from, to }) => from === to)).toBe(true);
    const next = plan.blocks.slice(4, 8).map(({ from, to }) => [from, to].sort().join());
    expect(new Set(next)).toEqual(new Set([[a, b].sort().join(), [c, d].sort().join()]));
    expect(plan.blocks[4]).toEqual({ from: plan.blocks[5].to, to: plan.blocks[5].from });
  });

  it('depends only on where the places are: the same places in another order ask the same blocks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lat: fc.double({ min: 44, max: 46, noNaN: true }),
            lng: fc.double({ min: 4, max: 6, noNaN: true }),
          }),
          {
            minLength: 2,
            maxLength: 60,
          },
        ),
        fc.integer({ min: 3, max: 20 }),
        fc.integer(),
        (places, size, seed) => {
          const shuffled = [...places].sort(
            (p, q) => ((p.lat * 1e6 + seed) % 7) - ((q.lat * 1e6 + seed) % 7),
          );
          const keys = (list: typeof places) => {
            const plan = planBlocks(list, size);
            const at = (group: number[]) => group.map((index) => list[index]);
            return plan.blocks.map(({ from, to }) =>
              blockKey(at(plan.groups[from]), from === to ? null : at(plan.groups[to])),
            );
          };
          expect(keys(shuffled)).toEqual(keys(places));
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('assembleTable', () => {
  it('puts every block’s answer where its places are', () => {
    const places = grid(5, 5);
    const plan = planBlocks(places, 2);
    // Each cell: 1000 x its source + its destination, so every place of the table is checkable.
    const answers: BlockAnswer[] = plan.blocks.map(({ from, to }) => {
      const cells = plan.groups[from].map((i) => plan.groups[to].map((j) => 1000 * i + j));
      return { distances: cells, durations: cells.map((row) => row.map((value) => value / 10)) };
    });
    const { distances, durations } = assembleTable(plan, 5, answers);
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) {
        expect(distances[i * 5 + j]).toBe(1000 * i + j);
        expect(durations[i * 5 + j]).toBe((1000 * i + j) / 10);
      }
  });
});

describe('fitsBlock', () => {
  it('takes rows of numbers >= 0 of the block’s size, and nothing else', () => {
    const block = { distances: [[0, 1]], durations: [[0, 2]] };
    expect(fitsBlock(block, 1, 2)).toBe(true);
    expect(fitsBlock(block, 2, 2)).toBe(false);
    expect(fitsBlock({ ...block, durations: [[0, -1]] }, 1, 2)).toBe(false);
    expect(fitsBlock({ ...block, durations: [[0, Infinity]] }, 1, 2)).toBe(false);
  });
});
