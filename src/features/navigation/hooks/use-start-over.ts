import { useEffect, useRef, useState } from 'react';

/**
 * 'Start over' asks first; once confirmed, `startOver` runs and the focus goes to the first
 * hand-off (the button given `handOffRef`, drawn again with every stop back to do).
 */
export function useStartOver(startOver: () => void) {
  const [confirming, setConfirming] = useState(false);
  const handOffRef = useRef<HTMLButtonElement>(null);
  const focusHandOffNext = useRef(false);
  useEffect(() => {
    if (!focusHandOffNext.current || !handOffRef.current) return;
    focusHandOffNext.current = false;
    handOffRef.current.focus();
  });
  return {
    confirming,
    handOffRef,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm: () => {
      setConfirming(false);
      focusHandOffNext.current = true;
      startOver();
    },
  };
}
