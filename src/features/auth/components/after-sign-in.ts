import { createContext } from 'react';

/**
 * Where a user goes once signed in (and what is saved first): app/ provides it, since it
 * needs the itineraries and the planner's device storage, which this feature does not know.
 */
export type AfterSignIn = (returnTo: string | null) => Promise<void>;

export const AfterSignInContext = createContext<AfterSignIn | null>(null);
