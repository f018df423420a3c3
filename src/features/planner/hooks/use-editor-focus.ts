import { useEffect, useRef } from 'react';

/**
 * The focus of a stop's edit panel: its first field takes the focus when the panel opens for the
 * stop the row shows, never because a row of the virtual list (which stays in its place and
 * shows whichever stop is there, see StopList) now shows another stop whose panel was open.
 * Closing it gives the focus back to the button that opened it.
 */
export function useEditorFocus(stopId: string, open: boolean) {
  const nameRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const was = useRef({ id: stopId, open });
  useEffect(() => {
    if (open && !was.current.open && was.current.id === stopId) {
      (nameRef.current ?? textareaRef.current)?.focus();
    }
    was.current = { id: stopId, open };
  }, [open, stopId]);
  return { nameRef, textareaRef, openerRef, focusOpener: () => openerRef.current?.focus() };
}
