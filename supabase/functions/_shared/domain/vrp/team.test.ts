import { describe, expect, it } from 'vitest';
import { ranksBefore, type SolutionRank } from './rank.ts';
import { DEFAULT_SETTINGS } from './search.ts';
import type { VrpSolution } from './solve.ts';
import { SearchTeam, memberSettings, teamSize } from './team.ts';

/** A solution of the given distance with its rank (other figures 0). */
function reported(vehicles: number, distance: number, absent = 0) {
  const solution: VrpSolution = {
    routes: [],
    unassigned: [],
    cost: distance,
    distance,
    makespan: 0,
    iterations: 0,
  };
  const rank: SolutionRank = { absent, vehicles, idle: 0, cost: distance };
  return [solution, rank] as const;
}

describe('ranksBefore', () => {
  it('ranks jobs left out first, then vehicles, then idle vehicles, then the cost', () => {
    const rank = (absent: number, vehicles: number, idle: number, cost: number) => ({
      absent,
      vehicles,
      idle,
      cost,
    });
    expect(ranksBefore(rank(0, 5, 0, 100), rank(1, 1, 0, 1))).toBe(true);
    expect(ranksBefore(rank(0, 4, 0, 100), rank(0, 5, 0, 1))).toBe(true);
    expect(ranksBefore(rank(0, 4, 0, 100), rank(0, 4, 1, 1))).toBe(true);
    expect(ranksBefore(rank(0, 4, 0, 1), rank(0, 4, 0, 2))).toBe(true);
    expect(ranksBefore(rank(0, 4, 0, 2), rank(0, 4, 0, 2))).toBe(false);
  });
});

describe('SearchTeam', () => {
  it('sends a better solution to every member but the one that found it', () => {
    const team = new SearchTeam(3, 1000);
    expect(team.report(1, ...reported(2, 20), 0)).toEqual([0, 2]);
    expect(team.best?.distance).toBe(20);
  });

  it('sends nothing for a solution that is not better', () => {
    const team = new SearchTeam(2, 1000);
    team.report(0, ...reported(1, 20), 0);
    expect(team.report(1, ...reported(1, 25), 5000)).toEqual([]);
    expect(team.report(1, ...reported(2, 5), 5000)).toEqual([]);
    expect(team.best?.distance).toBe(20);
  });

  it('sends fewer vehicles at once, a shorter solution only once the interval has passed', () => {
    const team = new SearchTeam(2, 1000);
    team.report(0, ...reported(2, 20), 0);
    expect(team.report(1, ...reported(2, 18), 400)).toEqual([]);
    expect(team.best?.distance).toBe(18);
    expect(team.report(1, ...reported(1, 30), 500)).toEqual([0]);
    expect(team.report(0, ...reported(1, 29), 900)).toEqual([]);
    // The interval has passed: the best so far goes out, even on another member's report.
    expect(team.report(1, ...reported(1, 30), 1600)).toEqual([1]);
    expect(team.report(1, ...reported(1, 30), 2700)).toEqual([]);
  });
});

describe('teamSize', () => {
  it('one search per core, at most 8, one per 25 jobs, at least one', () => {
    expect(teamSize(1000, 2)).toBe(2);
    expect(teamSize(1000, 16)).toBe(8);
    expect(teamSize(60, 8)).toBe(3);
    expect(teamSize(10, 8)).toBe(1);
    expect(teamSize(0, 8)).toBe(1);
    expect(teamSize(200, Number.NaN)).toBe(1);
    expect(teamSize(200, 0)).toBe(1);
  });
});

describe('memberSettings', () => {
  it('alone: the defaults; in a team the first keeps taking routes out longer than the others', () => {
    expect(memberSettings(0, 1)).toEqual({});
    const first = memberSettings(0, 4).fleetPatience!;
    const others = [1, 2, 3].map((index) => memberSettings(index, 4).fleetPatience!);
    for (const patience of others) expect(patience).toBeLessThan(first);
    expect(first).toBeGreaterThan(DEFAULT_SETTINGS.fleetPatience);
  });
});
