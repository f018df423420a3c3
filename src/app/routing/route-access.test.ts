import { describe, expect, it } from 'vitest';
import { decideAccess } from './route-access';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('decideAccess', () => {
  it('sends anonymous visitors of a protected path to /login with returnTo', () => {
    expect(decideAccess('protected', 'anonymous', at('/dashboard'))).toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Fdashboard',
    });
  });

  it('keeps the query and hash of the protected path in returnTo', () => {
    const decision = decideAccess(
      'protected',
      'anonymous',
      at('/edit-route/42', '?focus=2', '#map'),
    );
    expect(decision).toEqual({
      kind: 'redirect',
      to: `/login?returnTo=${encodeURIComponent('/edit-route/42?focus=2#map')}`,
    });
  });

  it('lets guests and signed-in users into protected paths', () => {
    expect(decideAccess('protected', 'guest', at('/dashboard'))).toEqual({ kind: 'render' });
    expect(decideAccess('protected', 'signed-in', at('/waze-route/1'))).toEqual({ kind: 'render' });
  });

  it('waits on a protected path while the identity is loading, instead of redirecting', () => {
    expect(decideAccess('protected', 'loading', at('/dashboard'))).toEqual({ kind: 'wait' });
  });

  it('renders /plan for everyone, but only once the identity is known', () => {
    expect(decideAccess('auth-settled', 'loading', at('/plan'))).toEqual({ kind: 'wait' });
    for (const status of ['anonymous', 'guest', 'signed-in'] as const) {
      expect(decideAccess('auth-settled', status, at('/plan'))).toEqual({ kind: 'render' });
    }
  });

  it('renders open paths in every state, even while loading', () => {
    for (const status of ['loading', 'anonymous', 'guest', 'signed-in'] as const) {
      expect(decideAccess('open', status, at('/login'))).toEqual({ kind: 'render' });
    }
  });
});
