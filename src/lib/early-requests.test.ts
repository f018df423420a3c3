import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESH_FOR_MS } from './answer-freshness';
import {
  dropEarlyResponses,
  noteOwnRequest,
  startEarlyRequest,
  takeEarlyResponse,
} from './early-requests';

describe('early requests', () => {
  afterEach(() => {
    // Whatever a test sent is forgotten, so the next one starts with none.
    dropEarlyResponses();
    vi.unstubAllGlobals();
  });

  it('sends the GET with the headers the client sends, and hands its answer over once', async () => {
    const answer = new Response('{}');
    const fetchMock = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/x', 'token');

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
    await expect(takeEarlyResponse('/api/x', 'token')).resolves.toBe(answer);
    expect(takeEarlyResponse('/api/x', 'token')).toBeUndefined();
  });

  it('is not the answer of a request with another token, address or age', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    startEarlyRequest('/api/x', null);
    const sent = performance.now();

    expect(takeEarlyResponse('/api/x', 'token')).toBeUndefined();
    expect(takeEarlyResponse('/api/y', null)).toBeUndefined();
    expect(takeEarlyResponse('/api/x', null, sent + FRESH_FOR_MS)).toBeUndefined();
    expect(takeEarlyResponse('/api/x', null)).toBeDefined();
  });

  it('sends a GET once while the same one is fresh, taken or not', () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/x', 'token');
    startEarlyRequest('/api/x', 'token');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    startEarlyRequest('/api/x', 'other');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    void takeEarlyResponse('/api/x', 'token');
    startEarlyRequest('/api/x', 'token');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for a GET the client sent itself, and forgets every GET after a change', () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    noteOwnRequest('/api/x', 'token');
    startEarlyRequest('/api/x', 'token');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyResponse('/api/x', 'token')).toBeUndefined();

    dropEarlyResponses();
    startEarlyRequest('/api/x', 'token');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed request to the client, without an unhandled rejection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    startEarlyRequest('/api/x', null);
    await expect(takeEarlyResponse('/api/x', null)).rejects.toThrow('Failed to fetch');
  });
});
