import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '@/lib/i18n';

/**
 * App-wide providers that do not depend on the router (the identity provider does; see
 * router.tsx). TanStack Query is not here: its provider comes with the pages that fetch
 * (router.tsx), so the landing page does not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
