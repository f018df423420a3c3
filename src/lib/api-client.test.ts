import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const getSession = vi.hoisted(() => vi.fn());

vi.mock('@/config/env', () => ({
  env: {
    apiUrl: '/api',
    supabaseAnonKey: 'anon',
    tileUrl: '',
    supabaseUrl: undefined,
    googleClientId: undefined,
  },
}));
vi.mock('@/lib/supabase', () => ({
  getAccessToken: async () => {
    const { data } = await getSession();
    return data.session?.access_token ?? null;
  },
}));

import { API_TIMEOUT_MS, ApiError, apiClient, createApiClient } from './api-client';
import { dropEarlyResponses, startEarlyRequest } from './early-requests';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers until its signal aborts, like a hung server. */
const hangingFetch = vi.fn(
  (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    }),
);

function clientWith(fetchImpl: typeof fetch, token: string | null = null) {
  return createApiClient({ baseUrl: '/api', getAccessToken: async () => token, fetch: fetchImpl });
}

function lastRequest(fetchMock: ReturnType<typeof vi.fn>) {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    hangingFetch.mockClear();
  });

  it('times out after 15000 ms with code ECONNABORTED and a timeout message', async () => {
    vi.useFakeTimers();
    const client = clientWith(hangingFetch);
    const outcome = client.get('/itineraries').catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(hangingFetch).toHaveBeenCalledTimes(1);
    expect(lastRequest(hangingFetch).init.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(API_TIMEOUT_MS).toBe(15_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ECONNABORTED', status: 0 });
    expect((error as ApiError).message).toMatch(/timeout/);
  });

  it('sends the bearer token of the current session', async () => {
    const fetchMock = vi.fn(async () => json([]));
    await clientWith(fetchMock as unknown as typeof fetch, 'access-123').get('/itineraries');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer access-123');
  });

  it('sends no Authorization header without a session', async () => {
    const fetchMock = vi.fn(async () => json([]));
    await clientWith(fetchMock as unknown as typeof fetch, null).get('/geocoding/search', {
      query: { q: 'Paris' },
    });
    const { url, headers } = lastRequest(fetchMock);
    expect(headers.has('Authorization')).toBe(false);
    expect(url).toBe('/api/geocoding/search?q=Paris');
  });

  it('the app client reads the token from the supabase session on every request', async () => {
    const fetchMock = vi.fn(async () => json({ user: { id: 'u1', email: 'a@b.co' } }));
    vi.stubGlobal('fetch', fetchMock);

    getSession.mockResolvedValueOnce({ data: { session: { access_token: 'jwt-1' } } });
    await apiClient.get('/auth/me');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer jwt-1');

    getSession.mockResolvedValueOnce({ data: { session: null } });
    await apiClient.get('/auth/me');
    expect(lastRequest(fetchMock).headers.has('Authorization')).toBe(false);
    expect(lastRequest(fetchMock).url).toBe('/api/auth/me');
  });

  it('sends and receives JSON', async () => {
    const created = { id: 'r1', title: 'A to B' };
    const fetchMock = vi.fn(async () => json(created, 201));
    const body = { title: 'A to B', stops: [{ name: 'A', lat: 1, lng: 2 }] };
    const result = await clientWith(fetchMock as unknown as typeof fetch).post(
      '/itineraries',
      body,
    );
    const { init, headers } = lastRequest(fetchMock);
    expect(result).toEqual(created);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify(body));
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('answers the headers with the body when asked (a page’s Link and count)', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('[{"id":"r1"}]', {
          headers: { Link: '<?cursor=abc>; rel="next"', 'X-Total-Count': '30' },
        }),
    );
    const answer = await clientWith(fetchMock).getWithHeaders<{ id: string }[]>('/itineraries', {
      query: { summary: 'true', limit: 24, q: undefined },
    });
    expect(answer.data).toEqual([{ id: 'r1' }]);
    expect(answer.headers.get('Link')).toBe('<?cursor=abc>; rel="next"');
    expect(answer.headers.get('X-Total-Count')).toBe('30');
    expect(lastRequest(fetchMock).url).toBe('/api/itineraries?summary=true&limit=24');
  });

  it('sends a Blob (an image) as it is, with its own type', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await clientWith(fetchMock).put('/drive/t/reports/r/photo', photo);
    const { init, headers } = lastRequest(fetchMock);
    expect(init.body).toBe(photo);
    expect(headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('resolves an empty 204 answer to undefined', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    await expect(
      clientWith(fetchMock as unknown as typeof fetch).delete('/itineraries/r1'),
    ).resolves.toBeUndefined();
    expect(lastRequest(fetchMock).init.method).toBe('DELETE');
  });

  it("keeps a 429's Retry-After seconds on the ApiError", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'Too many requests' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
        }),
    );
    const error = await clientWith(fetchMock as unknown as typeof fetch)
      .get('/geocoding/search')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
      serverError: 'Too many requests',
    });
  });

  it("maps an error body's `error` field to ApiError.message", async () => {
    const fetchMock = vi.fn(async () => json({ error: 'Itinerary not found' }, 404));
    const error = await clientWith(fetchMock as unknown as typeof fetch)
      .get('/itineraries/missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'ERR_BAD_REQUEST',
      message: 'Itinerary not found',
      serverError: 'Itinerary not found',
    });
  });

  it("keeps an error body's `code`, which tells two answers of one status apart", async () => {
    const fetchMock = vi.fn(async () =>
      json({ error: 'Stop not on the route', code: 'no-stop' }, 404),
    );
    const error = await clientWith(fetchMock as unknown as typeof fetch)
      .post('/drive/token/reports', {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, serverCode: 'no-stop' });
  });

  it('falls back to a status message when the body has no error field', async () => {
    const fetchMock = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await clientWith(fetchMock as unknown as typeof fetch)
      .get('/itineraries')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 502,
      code: 'ERR_BAD_RESPONSE',
      message: 'Request failed with status code 502',
      serverError: undefined,
    });
  });

  it('tells who asks of a 401 to a request that carried a token, and of nothing else', async () => {
    const rejected = vi.fn();
    const answers = [json({ error: 'Invalid or expired token' }, 401), json({ error: 'x' }, 403)];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? json({}, 401)));
    const client = (token: string | null) =>
      createApiClient({
        baseUrl: '/api',
        getAccessToken: async () => token,
        onTokenRejected: rejected,
        fetch: fetchMock,
      });
    await expect(client('jwt').get('/itineraries')).rejects.toMatchObject({ status: 401 });
    expect(rejected).toHaveBeenCalledWith('jwt');
    await expect(client('jwt').get('/itineraries')).rejects.toMatchObject({ status: 403 });
    await expect(client(null).get('/itineraries')).rejects.toMatchObject({ status: 401 });
    expect(rejected).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as ERR_NETWORK', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(clientWith(fetchMock as unknown as typeof fetch).get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'ERR_NETWORK',
      message: 'Failed to fetch',
    });
  });

  it('validates the response with a schema when one is given', async () => {
    const schema = z.object({ shareUrl: z.string() });
    const ok = vi.fn(async () => json({ shareUrl: 'https://x/share/t' }));
    await expect(
      clientWith(ok as unknown as typeof fetch).post('/itineraries/1/share', undefined, { schema }),
    ).resolves.toEqual({ shareUrl: 'https://x/share/t' });

    const bad = vi.fn(async () => json({ url: 'nope' }));
    await expect(
      clientWith(bad as unknown as typeof fetch).post('/itineraries/1/share', undefined, {
        schema,
      }),
    ).rejects.toMatchObject({
      code: 'ERR_INVALID_RESPONSE',
      status: 200,
      message: 'Unexpected response from POST /itineraries/1/share: shareUrl: expected string',
    });
  });

  describe('a GET sent before the app’s code (src/lib/early-requests.ts)', () => {
    /** Sends an early GET of `url` with `token` whose answer is `answer`. */
    function sendEarly(url: string, token: string | null, answer: Promise<Response>) {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => answer),
      );
      startEarlyRequest(url, token);
      vi.unstubAllGlobals();
    }

    afterEach(() => dropEarlyResponses());

    it('takes its answer instead of asking again, once', async () => {
      sendEarly('/api/itineraries/7', 'jwt', Promise.resolve(json({ id: '7' })));
      const fetchMock = vi.fn(async () => json({ id: 'again' }));
      const client = clientWith(fetchMock, 'jwt');

      await expect(client.get('/itineraries/7')).resolves.toEqual({ id: '7' });
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(client.get('/itineraries/7')).resolves.toEqual({ id: 'again' });
    });

    it('asks again with another token (a refreshed session) or for another address', async () => {
      sendEarly('/api/itineraries/7', 'old', Promise.resolve(json({ id: 'old' })));
      const fetchMock = vi.fn(async () => json({ id: 'new' }));

      await expect(
        clientWith(fetchMock as unknown as typeof fetch, 'jwt').get('/itineraries/7'),
      ).resolves.toEqual({ id: 'new' });
      await expect(
        clientWith(fetchMock as unknown as typeof fetch, 'old').get('/itineraries/8'),
      ).resolves.toEqual({ id: 'new' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('is not taken after a change the client sent: it may show what the change replaced', async () => {
      sendEarly('/api/itineraries/7', 'jwt', Promise.resolve(json({ title: 'before' })));
      const fetchMock = vi.fn(async () => json({ title: 'after' }));
      const client = clientWith(fetchMock, 'jwt');

      await client.put('/itineraries/7', { title: 'after' });
      await expect(client.get('/itineraries/7')).resolves.toEqual({ title: 'after' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('is not taken when it went out while a change was on its way', async () => {
      let finishChange!: (response: Response) => void;
      const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? new Promise<Response>((resolve) => (finishChange = resolve))
          : Promise.resolve(json({ title: 'after' })),
      );
      const client = clientWith(fetchMock as unknown as typeof fetch, 'jwt');

      const change = client.put('/itineraries/7', { title: 'after' });
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      sendEarly('/api/itineraries/7', 'jwt', Promise.resolve(json({ title: 'before' })));
      finishChange(json({}));
      await change;
      await expect(client.get('/itineraries/7')).resolves.toEqual({ title: 'after' });
    });

    it('stays good after a POST that changes nothing (readOnly)', async () => {
      sendEarly('/api/itineraries/7', 'jwt', Promise.resolve(json({ id: '7' })));
      const fetchMock = vi.fn(async () => json({ legs: [] }));
      const client = clientWith(fetchMock, 'jwt');

      await client.post('/routes/legs', { stops: [] }, { readOnly: true });
      await expect(client.get('/itineraries/7')).resolves.toEqual({ id: '7' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('reports its failure as the client reports its own', async () => {
      sendEarly('/api/itineraries/7', null, Promise.resolve(json({ error: 'Not found' }, 404)));
      await expect(
        clientWith(hangingFetch as unknown as typeof fetch).get('/itineraries/7'),
      ).rejects.toMatchObject({ status: 404, serverError: 'Not found' });
    });

    it('stops waiting for it when the caller cancels', async () => {
      sendEarly('/api/itineraries/7', null, new Promise<Response>(() => undefined));
      const controller = new AbortController();
      const outcome = clientWith(hangingFetch as unknown as typeof fetch)
        .get('/itineraries/7', { signal: controller.signal })
        .catch((error: unknown) => error);
      controller.abort();
      expect((await outcome) as Error).toMatchObject({ name: 'AbortError' });
      expect(hangingFetch).not.toHaveBeenCalled();
    });
  });

  describe('external AbortSignal', () => {
    it('cancels the request and rethrows the abort, not a timeout', async () => {
      const controller = new AbortController();
      const outcome = clientWith(hangingFetch as unknown as typeof fetch)
        .get('/routes/legs', { signal: controller.signal })
        .catch((error: unknown) => error);
      await vi.waitFor(() => expect(hangingFetch).toHaveBeenCalled());
      controller.abort();
      const error = await outcome;
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as Error).name).toBe('AbortError');
      expect(lastRequest(hangingFetch).init.signal?.aborted).toBe(true);
    });

    it('does not send a request whose signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        clientWith(hangingFetch as unknown as typeof fetch).get('/x', {
          signal: controller.signal,
        }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(hangingFetch).not.toHaveBeenCalled();
    });
  });
});
