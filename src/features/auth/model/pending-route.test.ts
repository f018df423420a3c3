import { describe, expect, it, vi } from 'vitest';
import {
  AWAITING_CONFIRMATION_KEY,
  AWAITING_CONFIRMATION_MAX_AGE_MS,
  destinationAfterSavingPending,
  DESTINATION_AFTER_FAILED_SAVE,
  dropPendingRoute,
  parkPendingRouteForConfirmation,
  pendingRouteToOffer,
  planPostAuth,
  restoreParkedPendingRoute,
} from './pending-route';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => null }));

/** A Storage stand-in, so the tab's sessionStorage and the shared localStorage are separate objects. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const paris = { name: 'Paris, Île-de-France, France', lat: 48.85, lng: 2.35 };
const lyon = { name: 'Lyon, Auvergne-Rhône-Alpes, France', lat: 45.76, lng: 4.84 };
const route = { title: 'Paris to Lyon', stops: [paris, lyon] };
const pendingText = JSON.stringify(route);

describe('planPostAuth', () => {
  it('saves a pending route first, then My Routes', () => {
    expect(planPostAuth(route, 'save')).toEqual({
      kind: 'save-pending',
      route,
      openNavigation: false,
    });
    // Any pending route is saved, whatever the returnTo.
    expect(planPostAuth(route, null)).toEqual({
      kind: 'save-pending',
      route,
      openNavigation: false,
    });
    expect(planPostAuth(route, '/dashboard')).toEqual({
      kind: 'save-pending',
      route,
      openNavigation: false,
    });
  });

  it('opens the navigation page after saving when the navigation button was pressed', () => {
    expect(planPostAuth(route, 'waze')).toEqual({
      kind: 'save-pending',
      route,
      openNavigation: true,
    });
  });

  it('without a pending route goes to an in-app returnTo, else the planner', () => {
    expect(planPostAuth(null, '/edit-route/7')).toEqual({ kind: 'go', to: '/edit-route/7' });
    expect(planPostAuth(null, 'save')).toEqual({ kind: 'go', to: '/plan' });
    expect(planPostAuth(null, 'waze')).toEqual({ kind: 'go', to: '/plan' });
    expect(planPostAuth(null, 'https://evil.example/')).toEqual({ kind: 'go', to: '/plan' });
    expect(planPostAuth(null, null)).toEqual({ kind: 'go', to: '/plan' });
  });

  it('treats a pending route without stops as none', () => {
    expect(planPostAuth({ title: 'New Route', stops: [] }, '/dashboard')).toEqual({
      kind: 'go',
      to: '/dashboard',
    });
  });
});

describe('after saving the pending route', () => {
  it('lands on My Routes with the saved banner, or on the navigation page', () => {
    expect(destinationAfterSavingPending(false, 'abc')).toEqual({
      to: '/dashboard',
      flash: 'saved',
    });
    expect(destinationAfterSavingPending(true, 'abc')).toEqual({
      to: '/waze-route/abc',
      flash: undefined,
    });
  });

  it('goes to the planner when saving failed', () => {
    expect(DESTINATION_AFTER_FAILED_SAVE).toBe('/plan');
  });
});

describe('the pending route across the email confirmation', () => {
  const now = 1_700_000_000_000;

  it('parks the pending route in localStorage when confirmation is required', () => {
    const session = memoryStorage({ pendingRoute: pendingText });
    const local = memoryStorage();
    parkPendingRouteForConfirmation(session, local, now);
    expect(JSON.parse(local.getItem(AWAITING_CONFIRMATION_KEY)!)).toEqual({ parkedAt: now, route });
    // The tab keeps its own copy too.
    expect(session.getItem('pendingRoute')).toBe(pendingText);
  });

  it('parks nothing without a pending route', () => {
    const local = memoryStorage();
    parkPendingRouteForConfirmation(memoryStorage(), local, now);
    expect(local.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();
  });

  it('restores it in another tab on the first sign-in, and uses it up', () => {
    const local = memoryStorage();
    parkPendingRouteForConfirmation(memoryStorage({ pendingRoute: pendingText }), local, now);

    const otherTab = memoryStorage();
    expect(pendingRouteToOffer(otherTab, local, now + 60_000)).toEqual(route);
    restoreParkedPendingRoute(otherTab, local, now + 60_000);
    expect(JSON.parse(otherTab.getItem('pendingRoute')!)).toEqual(route);
    expect(local.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();

    // A second sign-in finds nothing more to restore.
    const thirdTab = memoryStorage();
    restoreParkedPendingRoute(thirdTab, local, now + 120_000);
    expect(thirdTab.getItem('pendingRoute')).toBeNull();
  });

  it("keeps the tab's own pending route and drops the parked copy", () => {
    const local = memoryStorage();
    parkPendingRouteForConfirmation(memoryStorage({ pendingRoute: pendingText }), local, now);
    const newer = JSON.stringify({ title: 'Trip to Lyon', stops: [lyon] });
    const tab = memoryStorage({ pendingRoute: newer });
    restoreParkedPendingRoute(tab, local, now + 1000);
    expect(tab.getItem('pendingRoute')).toBe(newer);
    expect(local.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();
  });

  it('ignores a stale or malformed parked route', () => {
    const local = memoryStorage();
    parkPendingRouteForConfirmation(memoryStorage({ pendingRoute: pendingText }), local, now);
    const tab = memoryStorage();
    restoreParkedPendingRoute(tab, local, now + AWAITING_CONFIRMATION_MAX_AGE_MS + 1);
    expect(tab.getItem('pendingRoute')).toBeNull();
    expect(local.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();

    const broken = memoryStorage({
      [AWAITING_CONFIRMATION_KEY]: '{"parkedAt": 1, "route": {"stops": "no"}}',
    });
    expect(pendingRouteToOffer(memoryStorage(), broken, 2)).toBeNull();
    restoreParkedPendingRoute(tab, broken, 2);
    expect(tab.getItem('pendingRoute')).toBeNull();
    expect(
      pendingRouteToOffer(
        memoryStorage(),
        memoryStorage({ [AWAITING_CONFIRMATION_KEY]: 'not json' }),
        2,
      ),
    ).toBeNull();
  });

  it("'Continue planning without saving' drops both copies", () => {
    const session = memoryStorage({ pendingRoute: pendingText });
    const local = memoryStorage();
    parkPendingRouteForConfirmation(session, local, now);
    dropPendingRoute(session, local);
    expect(session.getItem('pendingRoute')).toBeNull();
    expect(local.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();
    expect(pendingRouteToOffer(session, local, now)).toBeNull();
  });

  it('survives storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() =>
      parkPendingRouteForConfirmation(memoryStorage({ pendingRoute: pendingText }), throwing, now),
    ).not.toThrow();
    expect(() => restoreParkedPendingRoute(memoryStorage(), throwing, now)).not.toThrow();
    expect(pendingRouteToOffer(throwing, throwing, now)).toBeNull();
  });
});
