import { describe, expect, it } from 'vitest';
import { sweepInRounds } from './sweep-rounds.ts';

/** A bucket of `count` orphans; `keeps` of them Storage refuses to delete. */
function bucket(count: number, keeps = 0) {
  const orphans = Array.from({ length: count }, (_, i) => `o${i}`);
  const kept = new Set(orphans.slice(0, keeps));
  const lists: number[] = [];
  return {
    orphans,
    lists,
    steps: {
      async list(max: number) {
        lists.push(max);
        return orphans.slice(0, max);
      },
      async remove(paths: readonly string[]) {
        const going = paths.filter((path) => !kept.has(path));
        for (const path of going) orphans.splice(orphans.indexOf(path), 1);
        return going.length;
      },
    },
  };
}

describe('sweepInRounds', () => {
  it('goes on while a round was full, until the orphans are gone', async () => {
    const store = bucket(25);
    expect(await sweepInRounds(store.steps, { batch: 10, maxRounds: 20 })).toBe(25);
    expect(store.orphans).toEqual([]);
    expect(store.lists).toHaveLength(3);
  });

  it('asks once more after a round that emptied a full batch', async () => {
    const store = bucket(20);
    expect(await sweepInRounds(store.steps, { batch: 10, maxRounds: 20 })).toBe(20);
    expect(store.lists).toHaveLength(3);
  });

  it('stops at maxRounds; the rest waits for the next sweep', async () => {
    const store = bucket(50);
    expect(await sweepInRounds(store.steps, { batch: 10, maxRounds: 2 })).toBe(20);
    expect(store.orphans).toHaveLength(30);
  });

  it('ends when Storage keeps objects it was asked to delete, instead of listing them forever', async () => {
    const store = bucket(30, 3);
    expect(await sweepInRounds(store.steps, { batch: 10, maxRounds: 20 })).toBe(7);
    expect(store.lists).toHaveLength(1);
  });

  it('asks nothing of Storage when there is no orphan', async () => {
    const store = bucket(0);
    let removes = 0;
    const steps = { ...store.steps, remove: async () => (removes++, 0) };
    expect(await sweepInRounds(steps, { batch: 10, maxRounds: 20 })).toBe(0);
    expect(removes).toBe(0);
  });
});
