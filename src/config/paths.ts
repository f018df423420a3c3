/**
 * Every SPA path in one place. Components link with these
 * helpers; the router uses `routePatterns`.
 */

export const routePatterns = {
  landing: '/',
  plan: '/plan',
  share: '/share/:shareToken',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  editRoute: '/edit-route/:id',
  wazeRoute: '/waze-route/:id',
  drive: '/drive/:token',
  track: '/track/:token',
  routeBoard: '/board/route/:id',
  dayBoard: '/board/day/:group',
  notice: '/notice',
  privacy: '/privacy',
  terms: '/terms',
  account: '/account',
  accountDeleted: '/account/deleted',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/**
 * Where to go after signing in. An in-app path, or one of two markers:
 * `save` (a pending route awaits saving) and `waze` (the navigation button was pressed).
 */
export type ReturnTo = string;

export interface AuthPageOptions {
  returnTo?: ReturnTo | null;
}

function withReturnTo(pathname: string, options: AuthPageOptions | undefined): string {
  const returnTo = options?.returnTo;
  if (!returnTo) return pathname;
  return `${pathname}?${new URLSearchParams({ returnTo }).toString()}`;
}

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const paths = {
  landing: () => routePatterns.landing,
  plan: () => routePatterns.plan,
  share: (shareToken: string) => `/share/${segment(shareToken)}`,
  login: (options?: AuthPageOptions) => withReturnTo(routePatterns.login, options),
  register: (options?: AuthPageOptions) => withReturnTo(routePatterns.register, options),
  dashboard: () => routePatterns.dashboard,
  editRoute: (id: string | number) => `/edit-route/${segment(id)}`,
  wazeRoute: (id: string | number) => `/waze-route/${segment(id)}`,
  /** The driver's page of a driver link: no account, reports on that route's stops only. */
  drive: (token: string) => `/drive/${segment(token)}`,
  /** A customer's tracking link: no account, one stop's name and state only. */
  track: (token: string) => `/track/${segment(token)}`,
  /** The live board of one saved route, or of every driver of a day. */
  routeBoard: (id: string | number) => `/board/route/${segment(id)}`,
  dayBoard: (group: string) => `/board/day/${segment(group)}`,
  notice: () => routePatterns.notice,
  privacy: () => routePatterns.privacy,
  terms: () => routePatterns.terms,
  account: () => routePatterns.account,
  accountDeleted: () => routePatterns.accountDeleted,
  forgotPassword: () => routePatterns.forgotPassword,
  resetPassword: () => routePatterns.resetPassword,
} as const;

/** The returnTo markers: a pending route awaits saving; the navigation button was pressed. */
export const RETURN_TO_SAVE = 'save';
export const RETURN_TO_WAZE = 'waze';

/**
 * A returnTo that names a path inside this app ("/dashboard?x=1"), or null.
 * Anything else (absolute URLs, protocol-relative "//host", backslash tricks,
 * the save/waze markers) is not a place to navigate to.
 */
export function safeInternalPath(returnTo: string | null | undefined): string | null {
  if (!returnTo || !returnTo.startsWith('/')) return null;
  if (returnTo.startsWith('//') || returnTo.startsWith('/\\')) return null;
  // Control characters could smuggle a different target past the checks above.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(returnTo)) return null;
  return returnTo;
}

/**
 * The parameters of `pathname` when it is an address of `pattern` ('/share/:shareToken'; a final
 * slash allowed, as the router allows it), else null.
 */
export function matchRoutePattern(
  pattern: string,
  pathname: string,
): Record<string, string> | null {
  const wanted = pattern.split('/');
  const given = pathname.replace(/(.)\/$/, '$1').split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index];
    if (part.startsWith(':')) {
      if (!value) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}
