import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { postAuthDestination } from './model/post-auth';

/**
 * Hook point for spec section 4 "After login, register or social sign-in".
 * The pending-route step (create the stored route, then go to /dashboard, or
 * to /plan when creation fails) belongs to the save issue and plugs in here,
 * before the default destination below.
 */
export function usePostAuthNavigation(): (returnTo: string | null) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (returnTo: string | null) => {
      navigate(postAuthDestination(returnTo), { replace: true });
    },
    [navigate],
  );
}
