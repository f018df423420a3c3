import { describe, expect, it } from 'vitest';
import { matchRoutePattern, paths, routePatterns, safeInternalPath } from './paths';

describe('paths', () => {
  it('builds the fixed paths of every page', () => {
    expect(paths.landing()).toBe('/');
    expect(paths.plan()).toBe('/plan');
    expect(paths.dashboard()).toBe('/dashboard');
    expect(paths.notice()).toBe('/notice');
    expect(paths.privacy()).toBe('/privacy');
    expect(paths.terms()).toBe('/terms');
  });

  it('fills and encodes path parameters', () => {
    expect(paths.editRoute('3f2a')).toBe('/edit-route/3f2a');
    expect(paths.wazeRoute(42)).toBe('/waze-route/42');
    expect(paths.share('a/b c')).toBe('/share/a%2Fb%20c');
    expect(paths.drive('tok_en')).toBe('/drive/tok_en');
    expect(paths.track('tok_en')).toBe('/track/tok_en');
    expect(paths.routeBoard('3f2a')).toBe('/board/route/3f2a');
    expect(paths.dayBoard('9c1d')).toBe('/board/day/9c1d');
  });

  it('adds returnTo to the auth pages only when given', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login({ returnTo: null })).toBe('/login');
    expect(paths.login({ returnTo: '/dashboard' })).toBe('/login?returnTo=%2Fdashboard');
    expect(paths.register({ returnTo: 'save' })).toBe('/register?returnTo=save');
    expect(paths.register({ returnTo: '/edit-route/1?x=1&y=2' })).toBe(
      '/register?returnTo=%2Fedit-route%2F1%3Fx%3D1%26y%3D2',
    );
  });

  it('produces paths that match the router patterns', () => {
    expect(paths.editRoute('x')).toMatch(/^\/edit-route\/[^/]+$/);
    expect(routePatterns.editRoute).toBe('/edit-route/:id');
    expect(routePatterns.wazeRoute).toBe('/waze-route/:id');
    expect(routePatterns.share).toBe('/share/:shareToken');
  });
});

describe('safeInternalPath', () => {
  it('accepts in-app paths', () => {
    expect(safeInternalPath('/dashboard')).toBe('/dashboard');
    expect(safeInternalPath('/edit-route/1?tab=stops#top')).toBe('/edit-route/1?tab=stops#top');
  });

  it('rejects markers, empty values and anything that leaves the app', () => {
    for (const value of [
      null,
      undefined,
      '',
      'save',
      'waze',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\tdashboard',
    ]) {
      expect(safeInternalPath(value)).toBeNull();
    }
  });
});

describe('matchRoutePattern', () => {
  it('reads a route pattern’s parameters, a final slash allowed', () => {
    expect(matchRoutePattern('/share/:shareToken', '/share/a%20b/')).toEqual({ shareToken: 'a b' });
    expect(matchRoutePattern('/dashboard', '/dashboard')).toEqual({});
    expect(matchRoutePattern('/share/:shareToken', '/share/')).toBeNull();
    expect(matchRoutePattern('/share/:shareToken', '/share/a/b')).toBeNull();
    expect(matchRoutePattern('/board/route/:id', '/board/day/7')).toBeNull();
    expect(matchRoutePattern('/share/:shareToken', '/share/%E0%A4%A')).toBeNull();
  });
});
