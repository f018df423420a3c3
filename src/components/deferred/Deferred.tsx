import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { afterStartupRender, isStartingUp, takeCopyPart } from './startup-copy';

/** A wrapper that adds no box: the part's children lay out as the parent's own. */
const NO_BOX = { display: 'contents' } as const;

/**
 * A part of a page that the app's start-up render leaves for a task of its own (see
 * startup-copy.ts): until then it shows the page copy's markup of the same part, inert. Renders
 * its children at once in every other render (the build's, a later navigation's) and when the
 * page had no copy. `name` is unique within the page.
 */
export function Deferred({ name, children }: { name: string; children: ReactNode }) {
  const [shown, setShown] = useState(() => !isStartingUp());
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
    <div key="copy" ref={placeholder} data-part-pending="" style={NO_BOX} inert />
  );
}

/**
 * False during the app's start-up render until a task of this component's own comes (see
 * startup-copy.ts), true at once in any other render: for parts that the page copy does not
 * have (the device's own controls) and that need no stand-in.
 */
export function useStartupTurn(): boolean {
  const [turn, setTurn] = useState(() => !isStartingUp());
  useLayoutEffect(
    () => (turn ? undefined : afterStartupRender(() => flushSync(() => setTurn(true)))),
    [turn],
  );
  return turn;
}
