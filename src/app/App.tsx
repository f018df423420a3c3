// First, so that every stylesheet of the app comes after the global one in the build's CSS (the
// app's components override its rules with selectors of the same weight).
import './styles/global.css';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';

export { preloadPage } from './router';

/**
 * Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the
 * data router would add about 16 KB gzipped to every page.
 */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
