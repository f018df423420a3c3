import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS_CACHE, textsWorkerScript } from './sw-texts';

const ORIGIN = 'https://planner.example';
const TEXTS = {
  en: ['assets/en-core.js', 'assets/en-all.js'],
  fr: ['assets/fr-core.js', 'assets/fr-all.js'],
};

type Listener = (event: never) => void;

/** A worker scope with a Cache Storage in memory and a network that answers every file. */
function fakeWorker(scriptUrl: string, network = (path: string) => new Response(`// ${path}`)) {
  const listeners = new Map<string, Listener[]>();
  const stores = new Map<string, Map<string, Response>>();
  const pathOf = (request: string | Request) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const fetch = vi.fn((request: string | Request) => Promise.resolve(network(pathOf(request))));
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return Promise.resolve({
      match: (request: string | Request) => Promise.resolve(store.get(pathOf(request))?.clone()),
      add: async (request: string) => {
        store.set(pathOf(request), await fetch(request));
      },
      put: (request: string, response: Response) => {
        store.set(pathOf(request), response);
        return Promise.resolve();
      },
      keys: () => Promise.resolve([...store.keys()].map((path) => new Request(ORIGIN + path))),
      delete: (request: Request) => Promise.resolve(store.delete(pathOf(request))),
    });
  };
  const scope = {
    location: new URL(scriptUrl, ORIGIN),
    caches: { open },
    fetch,
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  const dispatchWaiting = async (type: 'install' | 'activate') => {
    const waits: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? [])
      listener({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) } as never);
    await Promise.all(waits);
  };
  const dispatchFetch = (url: string, method = 'GET') => {
    let answer: Promise<Response> | undefined;
    const stop = vi.fn();
    for (const listener of listeners.get('fetch') ?? [])
      listener({
        request: new Request(url, { method }),
        respondWith: (response: Promise<Response>) => (answer = response),
        stopImmediatePropagation: stop,
      } as never);
    return { answer, stopped: stop.mock.calls.length > 0 };
  };
  const cached = () => [...(stores.get(TEXTS_CACHE)?.keys() ?? [])].sort();
  // The script as the worker runs it: its own globals, `self` the scope.
  runInNewContext(textsWorkerScript(TEXTS, 'en'), { self: scope, URL });
  return {
    fetch,
    cached,
    stores,
    install: () => dispatchWaiting('install'),
    dispatchWaiting,
    dispatchFetch,
  };
}

describe("the service worker's interface texts", () => {
  it('installing caches the texts of the language it was registered with, and only those', async () => {
    const worker = fakeWorker('/sw.js?lang=fr');
    await worker.install();
    expect(worker.cached()).toEqual(['/assets/fr-all.js', '/assets/fr-core.js']);
  });

  it('a worker without a known language caches the fallback language', async () => {
    for (const url of ['/sw.js', '/sw.js?lang=xx']) {
      const worker = fakeWorker(url);
      await worker.install();
      expect(worker.cached()).toEqual(['/assets/en-all.js', '/assets/en-core.js']);
    }
  });

  it('installing fails (and the worker is not used) when a text file cannot be downloaded', async () => {
    const worker = fakeWorker('/sw.js?lang=en', () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(worker.install()).rejects.toThrow('Failed to fetch');
  });

  it('files already cached are not downloaded again (another language chosen)', async () => {
    const worker = fakeWorker('/sw.js?lang=en');
    await worker.install();
    expect(worker.fetch).toHaveBeenCalledTimes(2);
    await worker.install();
    expect(worker.fetch).toHaveBeenCalledTimes(2);
  });

  it('serves a text file from its cache, with no network, and stops the other handlers', async () => {
    const worker = fakeWorker('/sw.js?lang=en');
    await worker.install();
    worker.fetch.mockClear();
    const { answer, stopped } = worker.dispatchFetch(`${ORIGIN}/assets/en-all.js`);
    expect(stopped).toBe(true);
    expect(await (await answer!).text()).toBe('// /assets/en-all.js');
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it("another language's text file comes from the network into the cache", async () => {
    const worker = fakeWorker('/sw.js?lang=en');
    const { answer } = worker.dispatchFetch(`${ORIGIN}/assets/fr-core.js`);
    expect(await (await answer!).text()).toBe('// /assets/fr-core.js');
    expect(worker.cached()).toEqual(['/assets/fr-core.js']);
  });

  it('leaves every other request to the other handlers (Workbox)', () => {
    const worker = fakeWorker('/sw.js?lang=en');
    for (const request of [
      worker.dispatchFetch(`${ORIGIN}/assets/index-abc.js`),
      worker.dispatchFetch('https://elsewhere.example/assets/en-all.js'),
      worker.dispatchFetch(`${ORIGIN}/assets/en-all.js`, 'POST'),
    ]) {
      expect(request.answer).toBeUndefined();
      expect(request.stopped).toBe(false);
    }
  });

  it("activating drops older builds' text files and keeps this build's", async () => {
    const worker = fakeWorker('/sw.js?lang=en');
    const cache = new Map<string, Response>([
      ['/assets/en-old.js', new Response('old')],
      ['/assets/fr-all.js', new Response('fr')],
    ]);
    worker.stores.set(TEXTS_CACHE, cache);
    await worker.install();
    await worker.dispatchWaiting('activate');
    expect(worker.cached()).toEqual([
      '/assets/en-all.js',
      '/assets/en-core.js',
      '/assets/fr-all.js',
    ]);
  });
});
