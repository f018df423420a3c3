import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, withoutStopIds, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

const tokenOf = (shareUrl: string) => shareUrl.split('/share/')[1];

async function sharedItinerary() {
  const created = await call('POST', '/itineraries', {
    token: alice.token,
    body: { title: 'Shared trip', stops: [stops.timesSquare, stops.unionSquare] },
  });
  const shared = await call('POST', `/itineraries/${created.body.id}/share`, {
    token: alice.token,
  });
  expect(shared.status).toBe(200);
  return { id: created.body.id as string, shareUrl: shared.body.shareUrl as string };
}

describe('share links', () => {
  it('answers a shareUrl on SITE_URL with a 256-bit URL-safe token', async () => {
    const { shareUrl } = await sharedItinerary();
    expect(shareUrl.startsWith(`${SITE_URL}/share/`)).toBe(true);
    expect(tokenOf(shareUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('returns the same link when the itinerary is shared again', async () => {
    const { id, shareUrl } = await sharedItinerary();
    const again = await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    expect(again.body.shareUrl).toBe(shareUrl);
  });

  it('gives different itineraries different tokens', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add(tokenOf((await sharedItinerary()).shareUrl));
    expect(tokens.size).toBe(5);
  });

  it('shows title and stops to anyone, and nothing about the owner', async () => {
    const { shareUrl } = await sharedItinerary();
    const view = await call('GET', `/itineraries/share/${tokenOf(shareUrl)}`);
    expect(view.status).toBe(200);
    expect({ ...view.body, stops: withoutStopIds(view.body.stops) }).toEqual({
      title: 'Shared trip',
      stops: [stops.timesSquare, stops.unionSquare],
    });
    const asBob = await call('GET', `/itineraries/share/${tokenOf(shareUrl)}`, {
      token: bob.token,
    });
    expect(asBob.body.title).toBe('Shared trip');
  });

  it('answers 404 for an unknown, guessed or malformed token', async () => {
    const { shareUrl } = await sharedItinerary();
    const real = tokenOf(shareUrl);
    const flipped = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [flipped, 'A'.repeat(43), 'short', '../../etc/passwd', "' or 1=1 --"]) {
      const answer = await call('GET', `/itineraries/share/${encodeURIComponent(token)}`);
      expect(answer.status, token).toBe(404);
      expect(answer.body.error).toBe('Route not found or no longer available');
    }
  });

  it('stops working when the itinerary is deleted', async () => {
    const { id, shareUrl } = await sharedItinerary();
    expect((await call('DELETE', `/itineraries/${id}`, { token: alice.token })).status).toBe(204);
    expect((await call('GET', `/itineraries/share/${tokenOf(shareUrl)}`)).status).toBe(404);
  });

  it('reflects the owner’s later edits', async () => {
    const { id, shareUrl } = await sharedItinerary();
    await call('PUT', `/itineraries/${id}`, {
      token: alice.token,
      body: { title: 'Edited', stops: [stops.empireState] },
    });
    const view = await call('GET', `/itineraries/share/${tokenOf(shareUrl)}`);
    expect({ ...view.body, stops: withoutStopIds(view.body.stops) }).toEqual({
      title: 'Edited',
      stops: [stops.empireState],
    });
  });
});
