import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { IdentityContext, type IdentityContextValue, type IdentityState } from '@/lib/auth';
import { identityStub } from './identity-stub';

export interface RenderOptions {
  /** Who is using the app: a whole context value, or just the state (methods are stubs). */
  identity?: IdentityContextValue | IdentityState;
  /** Where the memory router starts (default '/'), with a location state if needed. */
  path?: string | { pathname: string; state?: unknown };
  /** Routes besides the one rendering `ui` at `route` (e.g. `{ path: '*', element: <p>elsewhere</p> }`). */
  routes?: RouteObject[];
  /** The route pattern that renders `ui` (default: every path). */
  route?: string;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  /** Renders again with another identity (the same router and query client). */
  rerenderWith: (identity: IdentityContextValue | IdentityState) => void;
}

/** A query client for one test: no retries, nothing cached between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

const asContext = (identity: IdentityContextValue | IdentityState): IdentityContextValue =>
  'identity' in identity ? identity : identityStub(identity);

/**
 * Renders `ui` with the app's providers: TanStack Query, the identity context and a memory
 * router. The one render helper for component tests (src/test/setup.ts cleans up after each).
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    identity = { status: 'anonymous' },
    path = '/',
    routes = [],
    route = '*',
    queryClient = testQueryClient(),
  }: RenderOptions = {},
): RenderWithProvidersResult {
  const router = createMemoryRouter([{ path: route, element: ui }, ...routes], {
    initialEntries: [path],
  });
  const tree = (value: IdentityContextValue): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <IdentityContext.Provider value={value}>
        <RouterProvider router={router} />
      </IdentityContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(asContext(identity)));
  return {
    ...view,
    router,
    queryClient,
    rerenderWith: (next) => view.rerender(tree(asContext(next))),
  };
}
