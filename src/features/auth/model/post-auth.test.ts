import { describe, expect, it } from 'vitest';
import { postAuthDestination } from './post-auth';

describe('postAuthDestination', () => {
  it('returns to the protected page the user was sent away from', () => {
    expect(postAuthDestination('/dashboard')).toBe('/dashboard');
    expect(postAuthDestination('/edit-route/7')).toBe('/edit-route/7');
  });

  it('goes to the planner without a usable returnTo', () => {
    expect(postAuthDestination(null)).toBe('/plan');
    expect(postAuthDestination('save')).toBe('/plan');
    expect(postAuthDestination('https://evil.example/')).toBe('/plan');
    expect(postAuthDestination('//evil.example')).toBe('/plan');
  });
});
