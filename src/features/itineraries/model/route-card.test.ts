// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readDashboardFlash } from '@/lib/itineraries/model/dashboard-flash';
import type { ItinerarySummary } from '@/lib/itineraries';
import { formatDistance } from '@/lib/format';
import { isCardBodyClick, routeCardFacts } from './route-card';

const itinerary = (overrides: Partial<ItinerarySummary> = {}): ItinerarySummary => ({
  id: 'r1',
  title: 'Paris to Lyon',
  stop_count: 2,
  total_distance: 465_400,
  total_duration: 16_260,
  created_at: '2025-03-04T10:00:00Z',
  ...overrides,
});

describe('routeCardFacts', () => {
  it('formats stops, distance, duration and the created date', () => {
    expect(routeCardFacts(itinerary(), 'en-US')).toEqual({
      stopCount: 2,
      distance: '465 km',
      duration: '4h 31m',
      created: new Date('2025-03-04T10:00:00Z').toLocaleDateString('en-US'),
    });
    expect(
      routeCardFacts(itinerary({ total_distance: 950, total_duration: 600 }), 'en').distance,
    ).toBe('950 m');
    expect(routeCardFacts(itinerary({ total_distance: 9_440 }), 'en').distance).toBe('9.4 km');
  });

  it('shows the distance in the units it is given (miles for en-US)', () => {
    const miles = (meters: number) => formatDistance(meters, 'en-US', 'imperial');
    expect(routeCardFacts(itinerary(), 'en-US', miles).distance).toBe('289 mi');
  });

  it("shows unknown totals (0, null, missing) as unknown ('--' on the card)", () => {
    for (const unknown of [0, null, undefined, Number.NaN]) {
      const facts = routeCardFacts(
        itinerary({ total_distance: unknown, total_duration: unknown }),
        'en',
      );
      expect(facts.distance).toBeNull();
      expect(facts.duration).toBeNull();
    }
  });

  it('uses the interface language for the date and tolerates a bad date', () => {
    const iso = '2025-03-04T10:00:00Z';
    expect(routeCardFacts(itinerary(), 'de').created).toBe(new Date(iso).toLocaleDateString('de'));
    expect(routeCardFacts(itinerary({ created_at: 'yesterday' }), 'en').created).toBeNull();
  });
});

describe('isCardBodyClick', () => {
  function card() {
    const article = document.createElement('article');
    article.innerHTML =
      '<h2><a href="/edit-route/r1"><span>Title</span></a></h2><p>3 stops</p><button><span>×</span></button>';
    return article;
  }

  it('opens the route from the body, not from its links and buttons', () => {
    const article = card();
    expect(isCardBodyClick(article.querySelector('p'), article)).toBe(true);
    expect(isCardBodyClick(article, article)).toBe(true);
    expect(isCardBodyClick(article.querySelector('a span'), article)).toBe(false);
    expect(isCardBodyClick(article.querySelector('button span'), article)).toBe(false);
    expect(isCardBodyClick(null, article)).toBe(false);
  });

  it('opens the route when the card sits inside a link or button elsewhere on the page', () => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('role', 'button');
    const article = card();
    wrapper.appendChild(article);
    expect(isCardBodyClick(article.querySelector('p'), article)).toBe(true);
  });
});

describe('readDashboardFlash', () => {
  it('reads only the two save messages', () => {
    expect(readDashboardFlash({ flash: 'saved' })).toBe('saved');
    expect(readDashboardFlash({ flash: 'updated' })).toBe('updated');
    expect(readDashboardFlash({ flash: 'other' })).toBeNull();
    expect(readDashboardFlash(null)).toBeNull();
    expect(readDashboardFlash('saved')).toBeNull();
  });
});
