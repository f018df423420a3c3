import { describe, expect, it } from 'vitest';
import { itinerarySchema } from './itinerary';

const row = {
  id: 'a0b1',
  title: 'Paris to Lyon',
  stops: [{ name: 'Paris', lat: 48.85, lng: 2.35 }],
  total_distance: 465000,
  total_duration: 16200,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
};

describe('itinerarySchema', () => {
  it('accepts the /api itinerary shape', () => {
    expect(itinerarySchema.parse(row)).toEqual(row);
  });

  it('keeps unknown totals as null and numeric ids as text', () => {
    const parsed = itinerarySchema.parse({
      ...row,
      id: 7,
      total_distance: null,
      total_duration: null,
    });
    expect(parsed.id).toBe('7');
    expect(parsed.total_distance).toBeNull();
  });

  it('rejects stops without coordinates', () => {
    expect(itinerarySchema.safeParse({ ...row, stops: [{ name: 'Paris' }] }).success).toBe(false);
  });

  it('reads the day the route belongs to (a day split among drivers) and its plan', () => {
    const day = {
      ...row,
      day_plan: { departure: '2030-03-04T08:00+01:00', timeZone: 'Europe/Paris', end: 'start' },
      day_group: '6a1f0c0e-5b8e-4d7f-9c7a-2c3b4d5e6f70',
    };
    expect(itinerarySchema.parse(day)).toEqual(day);
    expect(itinerarySchema.parse(row)).not.toHaveProperty('day_group');
  });
});
