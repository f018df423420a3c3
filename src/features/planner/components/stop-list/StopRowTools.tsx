import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { useDismiss } from '@/components/hooks/use-dismiss';
import type { PlannedStop } from '../../model/stop-list';
import type { RowLabel } from '../../model/row-labels';
import type { RowActions } from '../../hooks/use-stop-list-actions';

export interface StopRowToolsProps {
  stop: PlannedStop;
  index: number;
  isLast: boolean;
  /** The stop has an edit button (name, note, times). */
  notesEnabled: boolean;
  /** Its label: what the edit panel holds. */
  editLabel: string;
  noteOpen: boolean;
  /** The id of the edit panel, while it is open. */
  editorId: string;
  /** Phones: the menu with the edit and move buttons is open. */
  menuOpen: boolean;
  actions: RowActions;
  noteButtonRef: RefObject<HTMLButtonElement | null>;
  label: RowLabel;
}

/**
 * A row's buttons: edit, move up, move down and remove. On a phone the first three are less
 * used (a stop moves by its handle) and the stop's name needs the room: they wait behind a "⋯"
 * button that opens them on a line of their own (StopList.css), remove stays at hand. A click or
 * tap outside the open menu closes it; Escape closes it and gives the focus back to the "⋯"
 * button.
 */
export function StopRowTools({
  stop,
  index,
  isLast,
  notesEnabled,
  editLabel,
  noteOpen,
  editorId,
  menuOpen,
  actions,
  noteButtonRef,
  label,
}: StopRowToolsProps) {
  const number = index + 1;
  const menuId = `stop-menu-${stop.id}`;
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLSpanElement>(null);
  useDismiss(menuOpen, [menuButton, menu], (by) => {
    actions.closeMenu(stop.id);
    if (by === 'escape') menuButton.current?.focus();
  });
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    event.stopPropagation();
    actions.closeMenu(stop.id);
    menuButton.current?.focus();
  };
  const moveKeyDown = (event: KeyboardEvent) => {
    closeOnEscape(event);
    actions.keyDown(event, index);
  };
  return (
    <>
      <button
        ref={menuButton}
        type="button"
        className="stop-item__icon stop-item__menu-button"
        aria-label={label('planner.moreActions', { number })}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => actions.toggleMenu(stop.id)}
        onKeyDown={closeOnEscape}
      >
        ⋯
      </button>
      <span
        ref={menu}
        id={menuId}
        className={menuOpen ? 'stop-item__tools stop-item__tools--open' : 'stop-item__tools'}
      >
        {notesEnabled ? (
          <button
            type="button"
            ref={noteButtonRef}
            className={
              stop.note
                ? 'stop-item__icon stop-item__note-button stop-item__note-button--filled'
                : 'stop-item__icon stop-item__note-button'
            }
            aria-label={editLabel}
            title={editLabel}
            aria-expanded={noteOpen}
            aria-controls={noteOpen ? editorId : undefined}
            onClick={() => actions.toggleNote(stop.id)}
            onKeyDown={closeOnEscape}
          >
            ✎
          </button>
        ) : null}
        <button
          type="button"
          className="stop-item__icon"
          aria-label={label('planner.moveUp', { number })}
          disabled={index === 0}
          onClick={() => actions.move(index, index - 1)}
          onKeyDown={moveKeyDown}
        >
          ↑
        </button>
        <button
          type="button"
          className="stop-item__icon"
          aria-label={label('planner.moveDown', { number })}
          disabled={isLast}
          onClick={() => actions.move(index, index + 1)}
          onKeyDown={moveKeyDown}
        >
          ↓
        </button>
      </span>
      <button
        type="button"
        className="stop-item__icon stop-item__remove"
        aria-label={label('planner.removeStop', { number, name: stop.name })}
        onClick={() => actions.remove(index)}
      >
        ×
      </button>
    </>
  );
}
