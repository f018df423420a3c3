import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { offlineStore } from '@/lib/offline';
import { driveOutboxKey } from '../model/report-sender';
import { getDriveRouteOrCopy } from './drive-route';

const TOKEN = 'token-1';
const COPY = `drive-route:${TOKEN}`;

/** What the phone kept of the link: its copy of the route and a report not sent yet. */
async function keptOnThePhone() {
  await offlineStore().set(COPY, { title: 'Monday', stops: [] });
  await offlineStore().set(driveOutboxKey(TOKEN), [{ report: { id: 'r1' } }]);
}
const kept = async () => [
  await offlineStore().get(COPY),
  await offlineStore().get(driveOutboxKey(TOKEN)),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getDriveRouteOrCopy', () => {
  it('keeps the reports not sent, and the copy for their stops’ names, when the link is gone', async () => {
    await keptOnThePhone();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Driver link not found', code: 'no-link' }, { status: 404 }),
      ),
    );
    await expect(getDriveRouteOrCopy(TOKEN)).rejects.toMatchObject({ status: 404 });
    expect(await kept()).toEqual([{ title: 'Monday', stops: [] }, [{ report: { id: 'r1' } }]]);
    // Once they are all on the server, the link's copy (names, notes) leaves the phone.
    await offlineStore().set(driveOutboxKey(TOKEN), [{ report: { id: 'r1' }, done: true }]);
    await expect(getDriveRouteOrCopy(TOKEN)).rejects.toMatchObject({ status: 404 });
    expect(await kept()).toEqual([undefined, undefined]);
  });

  it('keeps them on a network failure, and on a 404 that is not the link’s', async () => {
    await keptOnThePhone();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    // Offline: the copy stands in for the route.
    expect(await getDriveRouteOrCopy(TOKEN)).toMatchObject({ title: 'Monday' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Function not found' }, { status: 404 })),
    );
    await expect(getDriveRouteOrCopy(TOKEN)).rejects.toMatchObject({ status: 404 });
    expect((await kept()).every(Boolean)).toBe(true);
  });
});
