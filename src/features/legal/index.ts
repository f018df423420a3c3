/** The legal pages, each loaded when its route is visited (a chunk of its own). */
export const legalPages = {
  notice: () => import('./components/NoticePage'),
  privacy: () => import('./components/PrivacyPage'),
  terms: () => import('./components/TermsPage'),
};
