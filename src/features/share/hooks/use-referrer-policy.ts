import { useEffect } from 'react';
import { applyReferrerPolicy } from '../model/referrer-policy';

/** Sets the document's referrer policy while the calling component is mounted. */
export function useReferrerPolicy(policy: ReferrerPolicy): void {
  useEffect(() => applyReferrerPolicy(document, policy), [policy]);
}
