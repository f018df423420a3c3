import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { paths, routePatterns } from '@/config/paths';
import { IdentityProvider } from '@/features/auth';
import { MapLayout } from './layouts/MapLayout';
import { StandardLayout } from './layouts/StandardLayout';
import { RequireAccess } from './routing/RequireAccess';

/** Pages load on demand; each module's default export is the page component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const module = await load();
  return { Component: module.default };
};

/** The identity provider navigates (Continue as Guest), so it lives inside the router. */
function RootRoute() {
  return (
    <IdentityProvider>
      <Outlet />
    </IdentityProvider>
  );
}

/** Spec section 2: every path and its access rule. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        element: <StandardLayout />,
        children: [
          {
            index: true,
            lazy: page(() => import('@/features/landing/components/LandingPage')),
          },
          {
            path: routePatterns.share,
            lazy: page(() => import('@/features/share/components/SharedRoutePage')),
          },
          {
            path: routePatterns.login,
            lazy: page(() => import('@/features/auth/components/LoginPage')),
          },
          {
            path: routePatterns.register,
            lazy: page(() => import('@/features/auth/components/RegisterPage')),
          },
          {
            path: routePatterns.notice,
            lazy: page(() => import('@/features/legal/components/NoticePage')),
          },
          {
            path: routePatterns.privacy,
            lazy: page(() => import('@/features/legal/components/PrivacyPage')),
          },
          {
            path: routePatterns.terms,
            lazy: page(() => import('@/features/legal/components/TermsPage')),
          },
          {
            element: <RequireAccess access="protected" />,
            children: [
              {
                path: routePatterns.dashboard,
                lazy: page(() => import('@/features/itineraries/components/DashboardPage')),
              },
              {
                path: routePatterns.wazeRoute,
                lazy: page(() => import('@/features/navigation/components/NavigationPage')),
              },
              {
                // Without an id the page says 'No route ID provided' (spec section 8) instead of redirecting.
                path: routePatterns.wazeRoute.replace('/:id', ''),
                lazy: page(() => import('@/features/navigation/components/NavigationPage')),
              },
            ],
          },
        ],
      },
      {
        element: <MapLayout />,
        children: [
          {
            element: <RequireAccess access="auth-settled" />,
            children: [
              {
                path: routePatterns.plan,
                lazy: page(() => import('@/features/planner/components/PlannerPage')),
              },
            ],
          },
          {
            element: <RequireAccess access="protected" />,
            children: [
              {
                path: routePatterns.editRoute,
                lazy: page(() => import('@/features/planner/components/PlannerPage')),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.plan()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
