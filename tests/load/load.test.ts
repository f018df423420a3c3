// A short version of `npm run bench:load`: the figures are printed, the assertions are
// only those that cannot flake on a busy machine (no errors, the upstream never above
// 1 request per second, identical searches coalesced).
import { describe, expect, inject, it } from 'vitest';
import {
  geocodingBurst,
  prepareData,
  printScenarioTable,
  runApiScenarios,
} from '../../bench/load.mjs';
import { apiUrl, fakes } from '../api/client.ts';

const DURATION_S = Number(process.env.LOAD_TEST_DURATION_S ?? 3);
const SCENARIO_TIMEOUT_MS = 60_000 + 4 * DURATION_S * 1000 * 2;

describe(`load on loopback (50 clients, ${DURATION_S} s per scenario)`, () => {
  it(
    'serves list, get, create and the shared view without an error',
    async () => {
      const data = await prepareData(apiUrl());
      const results = await runApiScenarios(apiUrl(), data, {
        connections: 50,
        durationS: DURATION_S,
      });
      console.info(`[load] database: ${inject('loadDatabase')}`);
      printScenarioTable(results);
      for (const result of results) {
        expect(result.requests, result.name).toBeGreaterThan(0);
        expect({ name: result.name, errors: result.errors, non2xx: result.non2xx }).toEqual({
          name: result.name,
          errors: 0,
          non2xx: 0,
        });
      }
    },
    SCENARIO_TIMEOUT_MS,
  );

  it('coalesces 100 concurrent identical searches into one upstream request', async () => {
    const burst = await geocodingBurst(apiUrl(), {
      sameText: true,
      upstreamRequests: () => fakes.requests('nominatim'),
    });
    console.info(`[load] same text: ${JSON.stringify(burst)}`);
    expect(burst.statuses).toEqual({ 200: 100 });
    expect(burst.upstreamRequests).toBe(1);
  }, 60_000);

  it('never sends the geocoder more than 1 request per second for 100 different searches; the rest are told to retry', async () => {
    const burst = await geocodingBurst(apiUrl(), {
      sameText: false,
      upstreamRequests: () => fakes.requests('nominatim'),
    });
    console.info(`[load] different texts: ${JSON.stringify(burst)}`);
    expect(burst.upstreamRequests).toBeGreaterThan(1);
    expect(burst.maxUpstreamPerSecond).toBe(1);
    expect(burst.minGapMs).toBeGreaterThanOrEqual(950);
    expect(Object.keys(burst.statuses).sort()).toEqual(expect.arrayContaining(['200']));
    for (const status of Object.keys(burst.statuses)) expect(['200', '503']).toContain(status);
    if (burst.statuses[503]) expect(Number(burst.retryAfter)).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
