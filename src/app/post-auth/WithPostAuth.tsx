import type { ReactNode } from 'react';
import { AfterSignInContext } from '@/features/auth';
import { usePostAuthNavigation } from './use-post-auth-navigation';

/** The sign-in pages' way on after signing in: saves a pending route first. */
export function WithPostAuth({ children }: { children: ReactNode }) {
  const afterSignIn = usePostAuthNavigation();
  return <AfterSignInContext.Provider value={afterSignIn}>{children}</AfterSignInContext.Provider>;
}
