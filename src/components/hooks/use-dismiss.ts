import { useEffect, useEffectEvent, type RefObject } from 'react';

/** How an open menu was closed: a press outside it, or Escape. */
export type DismissedBy = 'outside' | 'escape';

/**
 * Closes an open menu as menus close everywhere: a click or tap outside it, or Escape wherever
 * the focus is (a tap does not focus a button in Safari, so the menu may not have it). `inside`
 * holds the menu and the button that opens it: a press on that button is its own toggle, not a
 * press outside. The one pattern of the app's menus (the language menu, a stop's "⋯").
 */
export function useDismiss(
  open: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  onDismiss: (by: DismissedBy) => void,
): void {
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    const target = event.target as Node | null;
    if (!inside.some((ref) => target && ref.current?.contains(target))) onDismiss('outside');
  });
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onDismiss('escape');
  });
  useEffect(() => {
    if (!open) return;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
