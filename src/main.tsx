import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { registerOfflineWorker } from '@/app/offline/register-worker';
import { afterStartupRender, keepStartupCopy, nextTask } from '@/components/deferred/startup-copy';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/**
 * The page the build rendered into index.html (vite/prerender.ts), shown until now: removed
 * right before the app's first render, in the same task (no paint in between). Returned: the
 * parts of the page that the first render leaves for later show its markup until their turn
 * (components/deferred).
 */
function removePrerenderedPage(): Element | null {
  const copy = document.getElementById('prerender');
  copy?.remove();
  document.documentElement.removeAttribute('data-prerender');
  return copy;
}

/** A broken deployment (e.g. a missing VITE_SUPABASE_ANON_KEY) says so on screen, not only in the console. */
function showStartupError(error: unknown) {
  console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  removePrerenderedPage();
  root.render(
    <pre role="alert" style={{ margin: '1rem', whiteSpace: 'pre-wrap', color: '#9b1c1c' }}>
      {`Route Planner cannot start.\n\n${message}`}
    </pre>,
  );
}

/**
 * The longest the first render waits for the page's own code (see start): not long on a blank
 * screen, longer behind the page rendered at build time (its replacement would otherwise be the
 * page's loading state on a slow network).
 */
const FIRST_PAGE_WAIT_MS = 1000;
const FIRST_PAGE_WAIT_BEHIND_COPY_MS = 15_000;

async function start() {
  // Loaded dynamically so that configuration errors thrown while the modules load are caught.
  const [{ App, preloadPage }, { default: i18n, i18nReady }] = await Promise.all([
    import('@/app/App'),
    import('@/lib/i18n'),
  ]);
  // Render once the detected language's strings are in place, so no raw key flashes.
  await i18nReady;
  // Each step of the start-up in a task of its own, the main thread free between them: behind
  // the page copy they run after the first paint, where a phone's long task counts as blocking.
  await nextTask();
  // The page of the address shows in the first paint when its code is here or about to be
  // (index.html preloads it with the app), not its loading state; never waiting long for it.
  const copyShown = document.getElementById('prerender') !== null;
  const pageReady = await Promise.race([
    preloadPage(window.location.pathname).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) =>
      setTimeout(
        () => resolve(false),
        copyShown ? FIRST_PAGE_WAIT_BEHIND_COPY_MS : FIRST_PAGE_WAIT_MS,
      ),
    ),
  ]);
  await nextTask();
  const copy = removePrerenderedPage();
  // Parts of the page render in later tasks, the copy's markup standing in for them meanwhile;
  // not when the page's code (and styles: the copy's inlined ones leave with it) is not here.
  if (copy && pageReady) keepStartupCopy(copy);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // In the task that removed the copy: React's own scheduling would leave a blank frame between.
  if (copy) flushSync(() => root.render(app));
  else root.render(app);
  // Offline driving: the service worker of the production build, with the interface language
  // (registered after the parts of the page that the first render deferred).
  if (import.meta.env.PROD)
    afterStartupRender(
      () =>
        void registerOfflineWorker({
          current: () => i18n.resolvedLanguage,
          onChange: (listener) => i18n.on('languageChanged', listener),
        }),
      { afterParts: true },
    );
}

start().catch(showStartupError);
