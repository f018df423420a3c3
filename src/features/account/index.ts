/** The account pages, each loaded when its route is visited (a chunk of its own). */
export const accountPages = {
  account: () => import('./components/AccountPage'),
  deleted: () => import('./components/AccountDeletedPage'),
};
