import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardLocationState, useCreateItinerary } from '@/lib/itineraries';
import { clearPendingRoute, clearRouteDraft, readPendingRoute } from '@/lib/route-storage';
import {
  destinationAfterSavingPending,
  DESTINATION_AFTER_FAILED_SAVE,
  planPostAuth,
  restoreParkedPendingRoute,
} from '@/features/auth';

/**
 * After signing in, registering or a Google sign-in: a pending route
 * is created (then My Routes, or its navigation page for returnTo=waze); when
 * that fails the user goes to the planner and nothing is lost. Without a
 * pending route the user goes to returnTo when it is an in-app path, else /plan.
 */
export function usePostAuthNavigation(): (returnTo: string | null) => Promise<void> {
  const navigate = useNavigate();
  const { mutateAsync: createItinerary } = useCreateItinerary();
  return useCallback(
    async (returnTo: string | null) => {
      restoreParkedPendingRoute();
      const step = planPostAuth(readPendingRoute(), returnTo);
      if (step.kind === 'go') {
        void navigate(step.to, { replace: true });
        return;
      }
      try {
        const { title, stops, dayPlan } = step.route;
        const created = await createItinerary({
          title,
          stops,
          ...(dayPlan ? { day_plan: dayPlan } : {}),
        });
        clearPendingRoute();
        clearRouteDraft();
        const { to, flash } = destinationAfterSavingPending(step.openNavigation, created.id);
        void navigate(to, {
          replace: true,
          state: flash ? dashboardLocationState(flash) : undefined,
        });
      } catch (error) {
        console.error('Saving the pending route after sign-in failed; it is kept for later', error);
        void navigate(DESTINATION_AFTER_FAILED_SAVE, { replace: true });
      }
    },
    [navigate, createItinerary],
  );
}
