// The bounds that protect the service without limiting users: the 2 MB body bound,
// and no stop limit below 10,000 per itinerary.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@domain/limits.ts';
import { call, newUser, withoutStopIds, type TestUser } from './client.ts';

let owner: TestUser;
beforeAll(async () => {
  owner = await newUser();
});

describe('10,000 stops in one itinerary', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    name: `S${i}`,
    lat: Math.round((40 + (i % 100) / 1000 + Math.floor(i / 100) / 100_000) * 1e5) / 1e5,
    lng: Math.round((-74 + Math.floor(i / 100) / 1000) * 1e5) / 1e5,
  }));

  it('fits within the body bound with short names', () => {
    const size = Buffer.byteLength(JSON.stringify({ title: 'Ten thousand', stops: many }));
    expect(size).toBeLessThan(MAX_BODY_BYTES);
  });

  it('is accepted, stored and read back whole', async () => {
    const created = await call('POST', '/itineraries', {
      token: owner.token,
      body: { title: 'Ten thousand', stops: many },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect(created.body.stops).toHaveLength(10_000);
    expect(created.body.total_distance).toBeGreaterThan(0);
    const read = await call('GET', `/itineraries/${created.body.id}`, { token: owner.token });
    expect(withoutStopIds(read.body.stops)).toEqual(many);
  }, 120_000);
});
