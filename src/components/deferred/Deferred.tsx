import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { afterStartupRender, copyHasPart, isStartingUp, takeCopyPart } from './startup-copy';

/** A wrapper that adds no box: the part's children lay out as the parent's own. */
const NO_BOX = { display: 'contents' } as const;

/**
 * A part of a page that the app's start-up render leaves for a task of its own (see
 * startup-copy.ts): until then it shows the page copy's markup of the same part, inert. Renders
 * its children at once in every other render (the build's, a later navigation's) and when the
 * copy has no markup for it. `name` is unique within the page.
 */
export function Deferred({ name, children }: { name: string; children: ReactNode }) {
  // Deferred only where the copy has this part's markup to show meanwhile (not a part of
  // another page, opened by a tap during the start-up).
  const [shown, setShown] = useState(() => !(isStartingUp() && copyHasPart(name)));
  const placeholder = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (shown) return undefined;
    if (placeholder.current) takeCopyPart(name, placeholder.current);
    return afterStartupRender(() => flushSync(() => setShown(true)));
  }, [name, shown]);

  return shown ? (
    <div key="part" data-part={name} style={NO_BOX}>
      {children}
    </div>
  ) : (
    <div key="copy" ref={placeholder} data-part-pending="" style={NO_BOX} inert aria-hidden />
  );
}

/**
 * False during the app's start-up render until a task of this component's own comes, after
 * every deferred part (see startup-copy.ts), true at once in any other render: for what the page
 * copy does not have (the device's own controls) and needs no stand-in.
 */
export function useStartupTurn(): boolean {
  const [turn, setTurn] = useState(() => !isStartingUp());
  useLayoutEffect(
    () =>
      turn
        ? undefined
        : afterStartupRender(() => flushSync(() => setTurn(true)), { afterParts: true }),
    [turn],
  );
  return turn;
}
