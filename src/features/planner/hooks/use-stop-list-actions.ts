import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import type { PlannedStop } from '../model/stop-list';

/** What the stop list tells its page. */
export interface StopListCallbacks {
  stops: readonly PlannedStop[];
  onShow: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onNoteChange?: (id: string, note: string) => void;
  onRename?: (id: string, name: string) => void;
  onDayFieldsChange?: (id: string, fields: StopDayFields) => void;
}

/** The row actions, stable for the list's life, so a memoised row re-renders only when its stop or place changes. */
export interface RowActions {
  show(index: number): void;
  move(index: number, to: number): void;
  remove(index: number): void;
  setNote(id: string, note: string): void;
  rename(id: string, name: string): void;
  /** Opens or closes the stop's edit panel (name, note, times of the day). */
  toggleNote(id: string): void;
  /** Opens or closes the stop's menu of less used buttons (phones). */
  toggleMenu(id: string): void;
  /** Closes the stop's menu of less used buttons if it is open (Escape inside it). */
  closeMenu(id: string): void;
  setDayFields(id: string, fields: StopDayFields): void;
  keyDown(event: KeyboardEvent, index: number): void;
}

/** Where a virtual list is: set by it as it renders (src/features/planner/components/stop-list). */
export interface VirtualPlace {
  /** The index of its first rendered row (0 for a plain list). */
  firstRendered: number;
  /** Brings a row of a virtual list into the page; null for a plain list. */
  scrollTo: ((index: number) => void) | null;
}

/**
 * The stop list's behaviour: the row actions (calling the page's latest callbacks), which
 * stop's edit panel and menu are open, and the focus following a stop moved from the keyboard
 * or its buttons to its new place (`list`: the rendered list; `place`: where a virtual list is).
 */
export function useStopListActions(
  callbacks: StopListCallbacks,
  list: { current: HTMLOListElement | null },
  place: { current: VirtualPlace },
) {
  const [openNoteId, setOpenNoteId] = useState<string | null>(null);
  const [openMenuId, setOpenMenuId] = useState<string | null>(null);
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });

  /**
   * After a move, the focus follows the moved stop to its new place: the stop, and the list it
   * moved in (a render before the move's own, e.g. the virtualizer's after a resize, must not
   * take the stop's old row for its new one).
   */
  const focusAfterMove = useRef<{
    id: string;
    from: number;
    movedIn: readonly PlannedStop[];
  } | null>(null);

  const actions = useMemo<RowActions>(() => {
    const move = (index: number, to: number) => {
      const current = latest.current.stops;
      if (to < 0 || to >= current.length) return;
      focusAfterMove.current = { id: current[index].id, from: index, movedIn: current };
      latest.current.onMove(index, to);
    };
    const toggle = (set: typeof setOpenNoteId) => (id: string) =>
      set((current) => (current === id ? null : id));
    return {
      show: (index) => latest.current.onShow(index),
      move,
      remove: (index) => latest.current.onRemove(index),
      setNote: (id, note) => latest.current.onNoteChange?.(id, note),
      rename: (id, name) => latest.current.onRename?.(id, name),
      toggleNote: toggle(setOpenNoteId),
      toggleMenu: toggle(setOpenMenuId),
      closeMenu: (id) => setOpenMenuId((current) => (current === id ? null : current)),
      setDayFields: (id, fields) => latest.current.onDayFieldsChange?.(id, fields),
      keyDown: (event, index) => {
        if (!event.altKey) return;
        if (event.key === 'ArrowUp') {
          event.preventDefault();
          move(index, index - 1);
        } else if (event.key === 'ArrowDown') {
          event.preventDefault();
          move(index, index + 1);
        }
      },
    };
  }, []);

  /**
   * Puts the focus on a moved stop once it is in its new place. Runs after every render of the
   * list, and of a virtual list's rows (they render on their own as they scroll): the moved row
   * may first need scrolling into the page.
   */
  const settleFocus = useCallback(() => {
    const pending = focusAfterMove.current;
    const { stops } = latest.current;
    if (pending === null || stops === pending.movedIn) return;
    const { id } = pending;
    const index = stops.findIndex((stop) => stop.id === id);
    const focus = document.activeElement;
    // The stops changed but this one did not move (the move was refused), or the user has gone
    // elsewhere meanwhile (the focus left the list, not for a row taken out of the page): the
    // focus stays where it is.
    const focusInList = !focus || focus === document.body || list.current?.contains(focus);
    if (index === -1 || index === pending.from || !focusInList) {
      focusAfterMove.current = null;
      return;
    }
    // Found by the stop it shows now: the virtual list's rows are keyed by place, so a row's
    // button shows another stop after a move; the rendered buttons say which stop they show.
    const button = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('.stop-item__show') ?? []),
    ].find((candidate) => candidate.dataset.stopId === id);
    if (button) {
      focusAfterMove.current = null;
      button.focus();
      return;
    }
    const { scrollTo } = place.current;
    if (scrollTo) scrollTo(index);
    else focusAfterMove.current = null;
  }, [list, place]);
  useEffect(settleFocus);

  /** A drag among the rendered rows: its places in the whole list. */
  const sortMove = (from: number, to: number) =>
    latest.current.onMove(place.current.firstRendered + from, place.current.firstRendered + to);

  return { actions, openNoteId, openMenuId, sortMove, settleFocus };
}
