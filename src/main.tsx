import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerOfflineWorker } from '@/app/offline/register-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container: HTMLElement = root;

/**
 * The page the build rendered for this address (vite/startup.ts), left in place by the page's
 * inline script when this visit shows the same (the default language, nothing stored that
 * the page would show instead): hydrated. Any other visit starts from an empty #root.
 */
const rendered = container.hasChildNodes();

/** A broken deployment (e.g. a missing VITE_SUPABASE_ANON_KEY) says so on screen, not only in the console. */
function showStartupError(error: unknown) {
  console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  container.replaceChildren();
  createRoot(container).render(
    <pre role="alert" style={{ margin: '1rem', whiteSpace: 'pre-wrap', color: '#9b1c1c' }}>
      {`Route Planner cannot start.\n\n${message}`}
    </pre>,
  );
}

async function start() {
  // Loaded dynamically so that configuration errors thrown while the modules load are caught.
  const [{ App, preloadPage }, { default: i18n, i18nReady }] = await Promise.all([
    import('@/app/App'),
    import('@/lib/i18n'),
  ]);
  // Render once the detected language's strings are in place, so no raw key flashes.
  await i18nReady;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // In a transition, both: React renders in slices and lets the browser paint and take input
  // between them. Hydration takes the page's parts (<Suspense> boundaries) one at a time, each
  // once its code is here, and first the one the user taps.
  if (rendered) startTransition(() => void hydrateRoot(container, app));
  else {
    // The first render shows the page, not its loading state: index.html preloads its code.
    await preloadPage(window.location.pathname).catch(() => undefined);
    startTransition(() => createRoot(container).render(app));
  }
  // Offline driving: the service worker of the production build, with the interface language.
  if (import.meta.env.PROD)
    void registerOfflineWorker({
      current: () => i18n.resolvedLanguage,
      onChange: (listener) => i18n.on('languageChanged', listener),
    });
}

start().catch(showStartupError);
