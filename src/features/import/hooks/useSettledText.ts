import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the typing pauses before the text it left is read. */
export const SETTLE_MS = 150;

export interface SettledText {
  /** The text as edited (the field's value). */
  text: string;
  /** The text once the typing paused (what work that is slow on a long text reads). */
  settled: string;
  /** Changes the text: `settled` follows after a pause in the typing, or at once for `'now'`. */
  edit: (next: string, when?: 'now' | 'after-pause') => void;
}

/**
 * A text edited key by key, and the same text once the typing pauses for `delayMs`: reading a
 * pasted list of 1,500 lines again at every key would cost tens of milliseconds per key on a
 * phone. Explicit, not React's useDeferredValue: preact/compat (the production build) returns
 * that value unchanged, so it would defer nothing there.
 */
export function useSettledText(delayMs = SETTLE_MS): SettledText {
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const edit = useCallback(
    (next: string, when: 'now' | 'after-pause' = 'after-pause') => {
      clearTimeout(timer.current);
      timer.current = undefined;
      setText(next);
      if (when === 'now') setSettled(next);
      else timer.current = setTimeout(() => setSettled(next), delayMs);
    },
    [delayMs],
  );
  return { text, settled, edit };
}
