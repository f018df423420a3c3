import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { LoadFailureBoundary } from '@/components/lazy-part';
import { LoadingState } from '@/components/LoadingState';
import { paths, routePatterns } from '@/config/paths';
import {
  authLinkDestination,
  IdentityProvider,
  initialAuthRedirect,
  parseAuthRedirect,
} from '@/lib/auth';
import { accountPages } from '@/features/account';
import { LandingPage } from '@/features/landing';
import { legalPages } from '@/features/legal';
import { drivePage } from '@/features/drive';
import { trackPage } from '@/features/track';
import { loadAllTranslations, loadPageTexts } from '@/lib/i18n';
import { hasStoredAuthState } from '@/lib/supabase';
import type * as PageDataAheadModule from './page-data-ahead';
import { PAGE_TEXT_ROUTES } from '@/lib/language/first-page-texts';
import { MapLayout } from './layouts/MapLayout';
import { sendsPageRequest } from './start-up/page-request-routes';
import { StandardLayout } from './layouts/StandardLayout';
import { inAppDestination } from './routing/link-destination';
import { RequireAccess } from './routing/RequireAccess';

type PageModule = { default: ComponentType };

/**
 * A page that loads on demand (each module's default export is the page component), with every
 * text of the interface language (the first page had the core texts only), and the page texts
 * when it shows them (`pageTexts`: see pageRoute). Pages that fetch server data
 * (`fetches`, the default) load the shared TanStack Query client with them, and send their first
 * GET with their code when the app goes to them (`requestAhead`: see sendPageRequestAhead).
 */
function lazyPage(
  load: () => Promise<PageModule>,
  { fetches = true, pageTexts = false, requestAhead = false } = {},
): ReactNode {
  const loadTexts = () => Promise.all([loadAllTranslations(), pageTexts ? loadPageTexts() : null]);
  /** `requestFor`: the address whose first GET goes out with the code, if any (see loadOnce). */
  const loadPage = async (requestFor: string | null): Promise<PageModule> => {
    if (!fetches) return (await Promise.all([load(), loadTexts()]))[0];
    if (requestAhead && requestFor !== null) sendPageRequestAhead(requestFor);
    // With the pages that show data (their chunks hold most of what it needs, about 1.5 KB more),
    // for a visitor who can open others: loaded by the click on a link to one, it would come
    // after that page's own GET.
    else if (hasStoredAuthState()) loadPageDataAhead().catch(() => undefined);
    const [{ default: Component }, { SharedQueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
      loadTexts(),
    ]);
    return {
      default: function PageWithQueries() {
        return (
          <SharedQueryProvider>
            <Component />
          </SharedQueryProvider>
        );
      },
    };
  };
  let loaded: PageModule | undefined;
  // One load shared by preloadPage and the lazy component (main.tsx may stop waiting for it and
  // render while it is still on its way); a failed load is forgotten, so a retry fetches. The
  // lazy component loads the page the app has gone to: the current address.
  let loading: Promise<PageModule> | undefined;
  const loadOnce: PageLoader = (requestFor = window.location.pathname) =>
    (loading ??= loadPage(requestFor).then(
      (page) => (loaded = page),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadOnce());
  /** A page loaded ahead (preloadPage) renders at once; otherwise it suspends until loaded. */
  function Page() {
    // Chosen once per mount: switching from the lazy component later would mount the page again.
    const [Loaded] = useState(() => loaded?.default);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const element = (
    <LoadFailureBoundary onRetry={() => window.location.reload()} failure={pageLoadFailure}>
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </LoadFailureBoundary>
  );
  pageLoaders.set(element, {
    load: loadOnce,
    requestAhead: (pathname) => {
      if (requestAhead && !loading) sendPageRequestAhead(pathname);
    },
  });
  return element;
}

/**
 * The route of a page that loads on demand, with its page texts when it shows them and its first
 * GET sent ahead when it has one (rules shared with the script before the first paint:
 * PAGE_TEXT_ROUTES, PAGE_REQUEST_ROUTES).
 */
function pageRoute(
  path: string,
  load: () => Promise<PageModule>,
  { fetches = true } = {},
): RouteObject {
  return {
    path,
    element: lazyPage(load, {
      fetches,
      pageTexts: PAGE_TEXT_ROUTES.includes(path),
      requestAhead: sendsPageRequest(path),
    }),
  };
}

/**
 * A page whose code could not be fetched (offline, or a file gone after a new deployment): a
 * reload asks for the deployment's current files. Drafts are kept on the device meanwhile.
 */
function pageLoadFailure(reload: () => void) {
  return <PageLoadFailure onReload={reload} />;
}

function PageLoadFailure({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="loading-state loading-state--failed" role="alert">
      <span>{t('app.pageLoadFailed')}</span>
      <button type="button" className="button button--small" onClick={onReload}>
        {t('app.reload')}
      </button>
    </div>
  );
}

/**
 * The first GET of the page the app goes to, sent while the page's code is on its way, so that
 * its data comes with its code instead of after its first render (src/app/page-data-ahead.ts).
 * The page does not wait for it: its query takes the answer when it went first, or sends the GET
 * itself and this one is not sent (src/lib/early-requests.ts). Waiting would hold the page's
 * swap, and the frame of the tap that asked for it, until this module came.
 * A visit's first page has its GET sent by the script before the first paint.
 */
function sendPageRequestAhead(pathname: string): void {
  const send = ({ requestPageDataAhead }: typeof PageDataAheadModule) =>
    requestPageDataAhead(pathname).catch(() => undefined);
  if (pageDataAhead) void send(pageDataAhead);
  else loadPageDataAhead().then(send, () => undefined);
}

let pageDataAhead: typeof PageDataAheadModule | undefined;
const loadPageDataAhead = () =>
  import('./page-data-ahead').then((module) => (pageDataAhead = module));

/**
 * Loads a page's code (once), and sends the first GET of the page at `requestFor` with it when
 * the page has one; null sends none.
 */
type PageLoader = (requestFor?: string | null) => Promise<PageModule>;

/** Each lazily loaded page's loader, by the element that shows it (see preloadPage). */
const pageLoaders = new WeakMap<
  object,
  {
    load: PageLoader;
    /** Sends the first GET of the page at `pathname` when it has one and its code is not here. */
    requestAhead: (pathname: string) => void;
  }
>();

const loadersOf = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route: { element } }) => {
    const page = element && typeof element === 'object' ? pageLoaders.get(element) : undefined;
    return page ? [page] : [];
  });

/**
 * Loads what the page at `pathname` needs (its code, every text, the query client). main.tsx
 * waits for it before the first render, so that a page whose code is already here (index.html
 * preloads it with the app, vite/startup.ts) shows at once instead of its loading state.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  // The first page's GET went out with the script before the first paint.
  return Promise.all(loadersOf(pathname).map(({ load }) => load(null)));
}

/**
 * A click on a link to a page whose code is not here yet sends the page's first GET before the
 * router navigates (a listener on the document in the capture phase runs before React's): it
 * then goes out before the render that leaves the page shown (leaving the planner took about
 * 200 ms at CPU 4× before My Routes' GET went out). The code itself loads with the navigation,
 * so that the click's frame is painted before the new page replaces the old one (400 stops and
 * their map). A click, not the press: a touch that starts a scroll over a link sends nothing.
 * React Router's own `<Link prefetch="intent">` is its framework mode's, not this router's.
 */
function useRequestAheadOnClick() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const pathname = inAppDestination(event, window.location);
      if (pathname) for (const page of loadersOf(pathname)) page.requestAhead(pathname);
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);
}

/**
 * The identity provider navigates (Continue as Guest), so it lives inside the router.
 *
 * An emailed Auth link (password reset, email change) that lands on the root (as
 * @supabase/lite sends every link; hosted Supabase sends them to their pages) goes on to its
 * page with its fragment, before supabase-js reads the session out of the address.
 */
function RootRoute() {
  const location = useLocation();
  useRequestAheadOnClick();
  initialAuthRedirect();
  const linkPage =
    location.pathname === paths.landing()
      ? authLinkDestination(parseAuthRedirect(location.hash, location.search))
      : null;
  if (linkPage)
    return (
      <Navigate to={{ pathname: linkPage, search: location.search, hash: location.hash }} replace />
    );
  return (
    <IdentityProvider>
      <Outlet />
    </IdentityProvider>
  );
}

const plannerPage = () => import('./routes/PlannerPage');
const navigationPage = () => import('./routes/NavigationRoute');
const boardRoute = () => import('./routes/BoardRoute');

/** Every path and its access rule. The landing page is in the main bundle. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <StandardLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          pageRoute(routePatterns.share, () => import('./routes/SharedRoutePage')),
          // A driver link's page: no account, the token opens this route's reports only.
          pageRoute(routePatterns.drive, drivePage),
          // A customer's tracking link: no account, the token opens one stop's state only.
          pageRoute(routePatterns.track, trackPage),
          pageRoute(routePatterns.login, () => import('./routes/LoginRoute')),
          pageRoute(routePatterns.register, () => import('./routes/RegisterRoute')),
          pageRoute(routePatterns.notice, legalPages.notice, { fetches: false }),
          pageRoute(routePatterns.privacy, legalPages.privacy, { fetches: false }),
          pageRoute(routePatterns.terms, legalPages.terms, { fetches: false }),
          pageRoute(
            routePatterns.forgotPassword,
            () => import('@/features/auth/components/ForgotPasswordPage'),
            { fetches: false },
          ),
          pageRoute(
            routePatterns.resetPassword,
            () => import('@/features/auth/components/ResetPasswordPage'),
            { fetches: false },
          ),
          pageRoute(routePatterns.accountDeleted, accountPages.deleted, { fetches: false }),
          {
            element: <RequireAccess access="protected" />,
            children: [
              pageRoute(routePatterns.dashboard, () => import('./routes/DashboardRoute')),
              pageRoute(routePatterns.account, accountPages.account, { fetches: false }),
              pageRoute(routePatterns.wazeRoute, navigationPage),
              pageRoute(routePatterns.routeBoard, boardRoute),
              pageRoute(routePatterns.dayBoard, boardRoute),
              {
                // Without an id the page says 'No route ID provided' instead of redirecting.
                path: routePatterns.wazeRoute.replace('/:id', ''),
                element: lazyPage(navigationPage),
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
            children: [pageRoute(routePatterns.plan, plannerPage)],
          },
          {
            element: <RequireAccess access="protected" />,
            children: [pageRoute(routePatterns.editRoute, plannerPage)],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.plan()} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
