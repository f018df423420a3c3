// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingRoute,
  clearRouteDraft,
  PENDING_ROUTE_KEY,
  readPendingRoute,
  readRouteDraft,
  ROUTE_DRAFT_KEY,
  titleOrAuto,
  writePendingRoute,
  writeRouteDraft,
} from './route-storage';

const paris = { name: 'Paris, France', lat: 48.8535, lng: 2.3484 };
const lyon = { name: 'Lyon, France', lat: 45.7578, lng: 4.832 };

describe('route storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps the draft under 'routeDraft' in localStorage and reads it back", () => {
    writeRouteDraft({ title: 'Errands', stops: [paris, lyon] });
    expect(JSON.parse(localStorage.getItem(ROUTE_DRAFT_KEY) ?? '')).toEqual({
      title: 'Errands',
      stops: [paris, lyon],
    });
    expect(readRouteDraft()).toEqual({ title: 'Errands', stops: [paris, lyon] });
    clearRouteDraft();
    expect(readRouteDraft()).toBeNull();
  });

  it("keeps a stop's note and status in the draft and the pending route", () => {
    const noted = { ...lyon, note: 'Door code 4521', status: 'done' as const };
    writeRouteDraft({ title: 'Errands', stops: [paris, noted] });
    expect(readRouteDraft()).toEqual({ title: 'Errands', stops: [paris, noted] });
    writePendingRoute({ title: 'Errands', stops: [noted] });
    expect(readPendingRoute()?.stops).toEqual([noted]);
  });

  it("keeps a stop's fields of the day, a load of 0 included, in the draft", () => {
    const timed = {
      ...lyon,
      serviceMinutes: 10,
      window: { start: '09:00', end: '10:00' },
      lock: 'last' as const,
      load: 3,
    };
    const empty = { ...paris, load: 0 };
    writeRouteDraft({ title: 'Errands', stops: [empty, timed] });
    expect(readRouteDraft()?.stops).toEqual([empty, timed]);
  });

  it("keeps each stop's id in the draft and the pending route", () => {
    const identified = { id: '0f8fad5b-d9cb-469f-a165-70867728950e', ...paris };
    writeRouteDraft({ title: 'Errands', stops: [identified, lyon] });
    expect(readRouteDraft()?.stops).toEqual([identified, lyon]);
    writePendingRoute({ title: 'Errands', stops: [identified] });
    expect(readPendingRoute()?.stops).toEqual([identified]);
  });

  it('leaves no draft behind for an empty route', () => {
    writeRouteDraft({ title: 'Errands', stops: [paris] });
    writeRouteDraft({ title: '  ', stops: [] });
    expect(localStorage.getItem(ROUTE_DRAFT_KEY)).toBeNull();
    writeRouteDraft({ title: 'Only a title', stops: [] });
    expect(readRouteDraft()).toEqual({ title: 'Only a title', stops: [] });
  });

  it('ignores a damaged or foreign draft', () => {
    localStorage.setItem(ROUTE_DRAFT_KEY, '{not json');
    expect(readRouteDraft()).toBeNull();
    localStorage.setItem(
      ROUTE_DRAFT_KEY,
      JSON.stringify({ title: 'x', stops: [{ name: 'a', lat: 'north' }] }),
    );
    expect(readRouteDraft()).toBeNull();
  });

  it("stores the pending route under 'pendingRoute' in sessionStorage with the auto title when blank", () => {
    writePendingRoute({ title: ' ', stops: [paris, lyon] });
    expect(JSON.parse(sessionStorage.getItem(PENDING_ROUTE_KEY) ?? '')).toEqual({
      title: 'Paris to Lyon',
      stops: [paris, lyon],
    });
    writePendingRoute({ title: 'Weekend', stops: [paris] });
    expect(readPendingRoute()).toEqual({ title: 'Weekend', stops: [paris] });
    clearPendingRoute();
    expect(readPendingRoute()).toBeNull();
  });

  it('names a blank title after the stops', () => {
    expect(titleOrAuto('', [])).toBe('New Route');
    expect(titleOrAuto('', [lyon])).toBe('Trip to Lyon');
    expect(titleOrAuto('  My tour ', [lyon])).toBe('My tour');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readRouteDraft(broken)).toBeNull();
    expect(() => writeRouteDraft({ title: 'a', stops: [paris] }, broken)).not.toThrow();
    expect(() => clearPendingRoute(broken)).not.toThrow();
  });
});
