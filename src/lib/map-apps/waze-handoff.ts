import type { LatLng } from '@domain/geo.ts';
import { isMobileDevice } from './device';
import { wazeLinks } from './waze-links';

/** Navigation fallback delay. */
export const WAZE_FALLBACK_DELAY_MS = 500;

/** The parts of `window` the hand-off uses, so tests can pass a fake one. */
export interface HandOffWindow {
  navigator: { userAgent: string; maxTouchPoints: number };
  location: { href: string };
  document: {
    visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  open(url: string, target: string, features: string): unknown;
  setTimeout(callback: () => void, delay: number): number;
  clearTimeout(id: number): void;
}

export interface HandOff {
  /** 'app' tried the waze:// link (web link after the delay); 'web' opened the web link in a new tab. */
  mode: 'app' | 'web';
  /** Stops a pending web fallback (another stop was chosen, the page is leaving). */
  cancel(): void;
}

/**
 * Hands a stop to Waze. On a phone the app's deep
 * link is tried first; if the page is still visible 500 ms later the app did not
 * take over, and the web link opens in this tab (a new tab opened from a timer
 * is blocked by mobile browsers; the pages keep their progress in storage, so
 * coming back restores it). On a desktop the web link opens in a new tab,
 * without opener or referrer.
 */
export function handOffToWaze(point: LatLng, win: HandOffWindow = window): HandOff {
  const { webUrl, appUrl } = wazeLinks(point);

  if (!isMobileDevice(win.navigator.userAgent, win.navigator.maxTouchPoints)) {
    win.open(webUrl, '_blank', 'noopener,noreferrer');
    return { mode: 'web', cancel: () => undefined };
  }

  let timer: number | null = null;
  const cancel = () => {
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
    win.document.removeEventListener('visibilitychange', onVisibilityChange);
    win.removeEventListener('pagehide', cancel);
  };
  function onVisibilityChange() {
    if (win.document.visibilityState === 'hidden') cancel();
  }

  win.document.addEventListener('visibilitychange', onVisibilityChange);
  win.addEventListener('pagehide', cancel);
  timer = win.setTimeout(() => {
    timer = null;
    const stillHere = win.document.visibilityState === 'visible';
    cancel();
    if (stillHere) win.location.href = webUrl;
  }, WAZE_FALLBACK_DELAY_MS);
  win.location.href = appUrl;

  return { mode: 'app', cancel };
}
