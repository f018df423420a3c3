/**
 * The shared page's address holds its capability (the share token). While it is
 * shown, requests must not carry that address in their Referer.
 *
 * 'strict-origin' rather than 'no-referrer': the map tiles come from a server
 * whose usage policy (OpenStreetMap's tile policy) asks for a valid Referer.
 * 'strict-origin' sends only this site's origin ("https://site.example/"), never
 * the path with the token, and nothing at all from https to http. It also holds
 * for same-origin requests, where the app's default
 * ('strict-origin-when-cross-origin', set in index.html) would send the full
 * address.
 */
export const SHARED_PAGE_REFERRER_POLICY: ReferrerPolicy = 'strict-origin';

/** What browsers use when a document sets no policy; the state to return to when none was set. */
export const DEFAULT_REFERRER_POLICY: ReferrerPolicy = 'strict-origin-when-cross-origin';

/**
 * Applies a referrer policy through <meta name="referrer"> and returns the undo.
 * Browsers apply such an element when it is inserted or its content changes, but
 * removing it does not bring the previous policy back, so the undo always writes
 * the previous value before it removes anything.
 */
export function applyReferrerPolicy(doc: Document, policy: ReferrerPolicy): () => void {
  const metas = doc.head.querySelectorAll<HTMLMetaElement>('meta[name="referrer"]');
  const existing = metas.length > 0 ? metas[metas.length - 1] : null;
  if (existing) {
    const previous = existing.content;
    existing.content = policy;
    return () => {
      existing.content = previous;
    };
  }
  const meta = doc.createElement('meta');
  meta.name = 'referrer';
  meta.content = policy;
  doc.head.append(meta);
  return () => {
    meta.content = DEFAULT_REFERRER_POLICY;
    meta.remove();
  };
}
