import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOffToWaze, WAZE_FALLBACK_DELAY_MS, type HandOffWindow } from './waze-handoff';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const POINT = { lat: 45.764043, lng: 4.835659 };
const WEB = 'https://waze.com/ul?ll=45.764043,4.835659&navigate=yes';
const APP = 'waze://?ll=45.764043,4.835659&navigate=yes';

/** A window whose location records every assignment, with real (faked) timers and events. */
function fakeWindow(userAgent: string, maxTouchPoints: number) {
  const assigned: string[] = [];
  const documentEvents = new EventTarget();
  const windowEvents = new EventTarget();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: vi.fn((type: string, listener: () => void) =>
      documentEvents.addEventListener(type, listener),
    ),
    removeEventListener: vi.fn((type: string, listener: () => void) =>
      documentEvents.removeEventListener(type, listener),
    ),
  };
  const win = {
    navigator: { userAgent, maxTouchPoints },
    location: {
      get href() {
        return assigned.at(-1) ?? 'https://planner.example/waze-route/1';
      },
      set href(url: string) {
        assigned.push(url);
      },
    },
    document: doc,
    addEventListener: vi.fn((type: string, listener: () => void) =>
      windowEvents.addEventListener(type, listener),
    ),
    removeEventListener: vi.fn((type: string, listener: () => void) =>
      windowEvents.removeEventListener(type, listener),
    ),
    open: vi.fn(() => null),
    setTimeout: (callback: () => void, delay: number) =>
      setTimeout(callback, delay) as unknown as number,
    clearTimeout: (id: number) => clearTimeout(id),
  } satisfies HandOffWindow;
  const hide = () => {
    doc.visibilityState = 'hidden';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
  };
  const pagehide = () => windowEvents.dispatchEvent(new Event('pagehide'));
  return { win, assigned, hide, pagehide };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('handOffToWaze on a desktop', () => {
  it('opens the web link in a new tab without opener or referrer, and nothing else', () => {
    const { win, assigned } = fakeWindow(DESKTOP_UA, 0);
    expect(handOffToWaze(POINT, win).mode).toBe('web');
    expect(win.open).toHaveBeenCalledExactlyOnceWith(WEB, '_blank', 'noopener,noreferrer');
    vi.advanceTimersByTime(5000);
    expect(assigned).toEqual([]);
    expect(win.document.addEventListener).not.toHaveBeenCalled();
  });
});

describe('handOffToWaze on a phone', () => {
  it('tries the app at once, then opens the web link after 500 ms while the page is still visible', () => {
    const { win, assigned } = fakeWindow(PHONE_UA, 5);
    expect(handOffToWaze(POINT, win).mode).toBe('app');
    expect(assigned).toEqual([APP]);
    vi.advanceTimersByTime(WAZE_FALLBACK_DELAY_MS - 1);
    expect(assigned).toEqual([APP]);
    vi.advanceTimersByTime(1);
    expect(assigned).toEqual([APP, WEB]);
    expect(win.open).not.toHaveBeenCalled();
    // Listeners are gone once the fallback ran.
    expect(win.document.removeEventListener).toHaveBeenCalledWith(
      'visibilitychange',
      expect.any(Function),
    );
    expect(win.removeEventListener).toHaveBeenCalledWith('pagehide', expect.any(Function));
  });

  it('does not open the web link when the app took over (the page was hidden)', () => {
    const { win, assigned, hide } = fakeWindow(PHONE_UA, 5);
    handOffToWaze(POINT, win);
    vi.advanceTimersByTime(200);
    hide();
    vi.advanceTimersByTime(1000);
    expect(assigned).toEqual([APP]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not open the web link when the page is leaving (pagehide)', () => {
    const { win, assigned, pagehide } = fakeWindow(PHONE_UA, 5);
    handOffToWaze(POINT, win);
    pagehide();
    vi.advanceTimersByTime(1000);
    expect(assigned).toEqual([APP]);
  });

  it('checks visibility when the timer fires, even if no event came', () => {
    const { win, assigned } = fakeWindow(PHONE_UA, 5);
    handOffToWaze(POINT, win);
    win.document.visibilityState = 'hidden';
    vi.advanceTimersByTime(WAZE_FALLBACK_DELAY_MS);
    expect(assigned).toEqual([APP]);
  });

  it('can be cancelled (another stop was chosen)', () => {
    const { win, assigned } = fakeWindow(PHONE_UA, 5);
    const first = handOffToWaze(POINT, win);
    first.cancel();
    handOffToWaze({ lat: 1, lng: 2 }, win);
    vi.advanceTimersByTime(WAZE_FALLBACK_DELAY_MS);
    expect(assigned).toEqual([
      APP,
      'waze://?ll=1.000000,2.000000&navigate=yes',
      'https://waze.com/ul?ll=1.000000,2.000000&navigate=yes',
    ]);
  });

  it('refuses an invalid stop before touching the window', () => {
    const { win, assigned } = fakeWindow(PHONE_UA, 5);
    expect(() => handOffToWaze({ lat: 100, lng: 0 }, win)).toThrow(RangeError);
    expect(assigned).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
