/**
 * Registers the service worker (vite/pwa.ts) once the page has loaded, as
 * `/sw.js?lang=<the interface language>`: the worker caches that language's texts when it
 * installs (vite/sw-texts.ts), so a driver who goes offline still reads the app in their
 * language. A language chosen later registers it again with that language, which installs it
 * again (the files it already holds are not downloaded again).
 */

/** The interface language and its changes (i18next's, adapted in main.tsx). */
export interface InterfaceLanguage {
  current: () => string | undefined;
  onChange: (listener: () => void) => void;
}

/** What is used of the platform (a fake one in tests). */
export interface WorkerPlatform {
  serviceWorker?: Pick<ServiceWorkerContainer, 'register'>;
  /** Resolves once the page has loaded: the worker's downloads never compete with the page's. */
  loaded: () => Promise<void>;
}

const browser = (): WorkerPlatform => ({
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  loaded: () =>
    new Promise((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }),
});

export const workerUrl = (language: string) => `/sw.js?lang=${encodeURIComponent(language)}`;

export function registerOfflineWorker(
  language: InterfaceLanguage,
  platform: WorkerPlatform = browser(),
): Promise<void> {
  const { serviceWorker } = platform;
  if (!serviceWorker) return Promise.resolve();
  let registered: string | undefined;
  const register = () => {
    const code = language.current();
    if (!code || code === registered) return;
    registered = code;
    serviceWorker.register(workerUrl(code), { scope: '/' }).catch(() => {
      // No worker (blocked, a private window): the app works online as before; try again on
      // the next change of language.
      if (registered === code) registered = undefined;
    });
  };
  return platform.loaded().then(() => {
    register();
    language.onChange(register);
  });
}
