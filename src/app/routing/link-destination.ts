/**
 * The page of this app a click opens in this tab: the path of the link it was on, or null for a
 * click that opens another tab or window (a button other than the main one, a modifier key, a
 * target), a download, a link to another origin, or to the page shown.
 */
export function inAppDestination(event: MouseEvent, current: Location): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.origin !== current.origin || link.pathname === current.pathname) return null;
  return link.pathname;
}
