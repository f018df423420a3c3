// A day's road table block by block under the production spacing: the SPA's loader
// (src/lib/routing/api/road-table.ts) asks for the blocks two at a time, and the upstream gate
// keeps the router's table requests one a second apart (the public OSRM server's rule).
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiUrl, fakes, uniquePoints } from '../api/client.ts';
import {
  loadRoadTable,
  type BlockFetcher,
  type BlockReply,
  type RoadTableProgress,
} from '../../src/lib/routing/api/road-table';
import { LOAD_TABLE_MAX_COORDINATES } from './global-setup.ts';

/** This test's own client address: its own per-client bucket. */
const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const postBlock: BlockFetcher = async (sources, destinations, signal) => {
  const response = await fetch(`${apiUrl()}/routes/table/block`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(destinations ? { sources, destinations } : { sources }),
    signal,
  });
  const body = (await response.json()) as BlockReply & { error?: string };
  if (!response.ok) throw Object.assign(new Error(body.error), { status: response.status });
  return body;
};

const limits = async () => {
  const response = await fetch(`${apiUrl()}/routes/limits`, { headers: { 'x-forwarded-for': ip } });
  return (await response.json()) as { tableMaxCoordinates: number; upstreamIntervalMs: number };
};

describe('a road table in blocks, one router request a second', () => {
  it('keeps the router’s table requests at least a second apart, and says how long it takes', async () => {
    expect(await limits()).toEqual({
      tableMaxCoordinates: LOAD_TABLE_MAX_COORDINATES,
      // One a second, plus the gate's 10 % for the jitter of arrival.
      upstreamIntervalMs: 1100,
    });
    // 25 places at 10 a block: 3 groups, 9 blocks.
    const points = uniquePoints(25);
    await fakes.clearRequests('osrm');
    const progress: RoadTableProgress[] = [];
    const started = Date.now();
    const table = await loadRoadTable(points, {
      fetch: postBlock,
      limits,
      onProgress: (step) => progress.push(step),
    });
    const elapsed = Date.now() - started;
    expect(table).not.toBeNull();
    const arrivals = (await fakes.requests('osrm'))
      .filter((request) => request.path.startsWith('/table/'))
      .map((request) => request.at);
    expect(arrivals).toHaveLength(9);
    const gaps = arrivals.slice(1).map((at, index) => at - arrivals[index]);
    console.info(
      `[road table] 9 blocks in ${elapsed} ms; router request gaps ${gaps.join(' ')} ms`,
    );
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    // The first estimate is the gate's spacing per block; it is said before the first block.
    expect(progress[0]).toEqual({ done: 0, total: 9, leftMs: 9 * 1100 });
    expect(progress.at(-1)).toMatchObject({ done: 9, total: 9, leftMs: 0 });
  }, 60_000);
});
