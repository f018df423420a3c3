// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyReferrerPolicy,
  DEFAULT_REFERRER_POLICY,
  SHARED_PAGE_REFERRER_POLICY,
} from './referrer-policy';

const metas = () =>
  [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="referrer"]')].map(
    (meta) => meta.content,
  );

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyReferrerPolicy', () => {
  it('sends only the origin on the shared page', () => {
    expect(SHARED_PAGE_REFERRER_POLICY).toBe('strict-origin');
  });

  it("switches the page's own policy and restores it", () => {
    document.head.innerHTML = '<meta name="referrer" content="strict-origin-when-cross-origin">';
    const restore = applyReferrerPolicy(document, 'strict-origin');
    expect(metas()).toEqual(['strict-origin']);
    restore();
    expect(metas()).toEqual(['strict-origin-when-cross-origin']);
  });

  it('adds a policy when the page has none, and leaves the default behind', () => {
    const restore = applyReferrerPolicy(document, 'strict-origin');
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="referrer"]')!;
    expect(meta.content).toBe('strict-origin');
    restore();
    // Removing the element alone would keep 'strict-origin' in force.
    expect(meta.content).toBe(DEFAULT_REFERRER_POLICY);
    expect(metas()).toEqual([]);
  });

  it('changes the last policy element, the one in force', () => {
    document.head.innerHTML =
      '<meta name="referrer" content="no-referrer"><meta name="referrer" content="origin">';
    const restore = applyReferrerPolicy(document, 'strict-origin');
    expect(metas()).toEqual(['no-referrer', 'strict-origin']);
    restore();
    expect(metas()).toEqual(['no-referrer', 'origin']);
  });
});
