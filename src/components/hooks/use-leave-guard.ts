import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** A click that follows a link of this app to another page (not a new tab, a download...). */
export function internalLinkTarget(event: MouseEvent, here: Location): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `active` (unsaved edits), leaving asks first: closing or reloading the tab gets the
 * browser's own question (beforeunload), and a click on a link of the app is held back until
 * the user answers (`pending` is where it leads; `leave()` goes there, `stay()` stays). The app
 * uses the declarative router (no data router, so no useBlocker): links are caught at the
 * document before the router sees them. The browser's Back button is not held back, which
 * loses nothing: the edits wait on the device for the next visit.
 */
export function useLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the question.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const target = internalLinkTarget(event, window.location);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(target);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture at the document: before React's handlers on the root (the router's links).
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  const leave = useCallback(() => {
    if (pending === null) return;
    setPending(null);
    void navigate(pending);
  }, [navigate, pending]);
  const stay = useCallback(() => setPending(null), []);

  return { pending: active ? pending : null, leave, stay };
}
