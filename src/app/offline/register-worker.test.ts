import { describe, expect, it, vi } from 'vitest';
import { registerOfflineWorker, workerUrl, type InterfaceLanguage } from './register-worker';

function fakeLanguage(initial: string | undefined) {
  let current = initial;
  const listeners: (() => void)[] = [];
  const language: InterfaceLanguage = {
    current: () => current,
    onChange: (listener) => listeners.push(listener),
  };
  return {
    language,
    change(code: string) {
      current = code;
      for (const listener of listeners) listener();
    },
  };
}

function deferredLoad() {
  let resolve = () => {};
  const loaded = new Promise<void>((done) => (resolve = done));
  return { loaded: () => loaded, finishLoading: () => resolve() };
}

describe('the offline worker', () => {
  it('is registered with the interface language once the page has loaded', async () => {
    const register = vi.fn((_url: string, _options?: RegistrationOptions) =>
      Promise.resolve({} as ServiceWorkerRegistration),
    );
    const { language } = fakeLanguage('fr');
    const load = deferredLoad();
    const done = registerOfflineWorker(language, {
      serviceWorker: { register },
      loaded: load.loaded,
    });
    await Promise.resolve();
    expect(register).not.toHaveBeenCalled();
    load.finishLoading();
    await done;
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js?lang=fr', { scope: '/' });
  });

  it('is registered again when the user chooses another language, not for the same one', async () => {
    const register = vi.fn((_url: string, _options?: RegistrationOptions) =>
      Promise.resolve({} as ServiceWorkerRegistration),
    );
    const { language, change } = fakeLanguage('en');
    await registerOfflineWorker(language, {
      serviceWorker: { register },
      loaded: () => Promise.resolve(),
    });
    change('en');
    change('de');
    change('de');
    expect(register.mock.calls.map(([url]) => url)).toEqual([workerUrl('en'), workerUrl('de')]);
  });

  it('a refused registration is tried again with the next language, and never thrown', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const register = vi.fn((_url: string) => Promise.reject(new Error('blocked')));
      const { language, change } = fakeLanguage('en');
      await registerOfflineWorker(language, {
        serviceWorker: { register },
        loaded: () => Promise.resolve(),
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      change('es');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(register).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('nothing happens without service workers (an old browser)', async () => {
    const { language } = fakeLanguage('en');
    const loaded = vi.fn(() => Promise.resolve());
    await registerOfflineWorker(language, { loaded });
    expect(loaded).not.toHaveBeenCalled();
  });

  it('the language goes into the address as a query parameter', () => {
    expect(workerUrl('pt')).toBe('/sw.js?lang=pt');
    expect(workerUrl('a&b')).toBe('/sw.js?lang=a%26b');
  });
});
