// Helpers for the HTTP contract tests: plain fetch against the running /api.
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';

export const apiUrl = () => inject('apiUrl');

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string | Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${apiUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the raw text: the assertion will show it
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function newUser(): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const password = 'correct-horse-battery';
  const answer = await call('POST', '/auth/register', { body: { email, password } });
  if (answer.status !== 201)
    throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    id: answer.body.user.id,
    email,
    password,
    token: answer.body.token,
    refreshToken: answer.body.refreshToken,
  };
}

async function control(path: string, init?: RequestInit) {
  const response = await fetch(`${inject('fakeControlUrl')}${path}`, init);
  return response.json();
}

type FakeName = 'nominatim' | 'osrm' | 'photon';

export const fakes = {
  setMode: (fake: FakeName, mode: string) =>
    control(`/${fake}/mode`, { method: 'POST', body: JSON.stringify({ mode }) }),
  requests: (fake: FakeName) =>
    control(`/${fake}/requests`) as Promise<
      { path: string; headers: Record<string, string>; at: number; aborted?: boolean }[]
    >,
  clearRequests: (fake: FakeName) => control(`/${fake}/requests`, { method: 'DELETE' }),
};

/** Plausible stops in New York and Paris (the fake gazetteer's neighbourhood). */
export const stops = {
  timesSquare: { name: 'Times Square, Manhattan, New York', lat: 40.758, lng: -73.9855 },
  empireState: {
    name: 'Empire State Building, 350 5th Ave, New York',
    lat: 40.7484,
    lng: -73.9857,
  },
  unionSquare: { name: 'Union Square, Manhattan, New York', lat: 40.7359, lng: -73.9911 },
};

/**
 * Points no other call has used, so a test whose request must reach the upstream (or see it
 * fail) asks for something never asked before: the shared leg cache keys points at 1e-5°.
 * Independent random shifts of latitude and longitude within half a degree make two calls —
 * from any test file or worker process — share a point with odds of about 1e-6 per pair of
 * calls. (A per-process counter plus the pid did not: two workers whose pids differ by ten
 * produced the same points, so a leg routed by one test came from the cache in another.)
 */
export function uniquePoints(count: number, near = { lat: 40.7, lng: -73.98 }) {
  const shiftLat = Math.random() * 0.5;
  const shiftLng = Math.random() * 0.5;
  return Array.from({ length: count }, (_, i) => ({
    lat: near.lat + shiftLat + i / 500,
    lng: near.lng + shiftLng + i / 700,
  }));
}
export const uniqueText = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** Stops as sent, without the ids the server gave them (every stop it answers has one). */
export const withoutStopIds = (stops: unknown) =>
  (stops as Record<string, unknown>[]).map(({ id: _id, ...stop }) => stop);
