import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSortableList } from '@/components/hooks/useSortableList';
import { formatLatLng } from '@/lib/format';
import type { PlannedStop } from '../model/stop-list';

export interface StopListProps {
  stops: readonly PlannedStop[];
  /** The stop chosen last, shown highlighted; -1 for none. */
  highlightedIndex: number;
  onShow: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The stops in route order. Drag by the handle (mouse or touch), or focus a
 * stop and press Alt+Arrow Up / Alt+Arrow Down, or use the move buttons.
 */
export function StopList({ stops, highlightedIndex, onShow, onMove, onRemove }: StopListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  useSortableList(listRef, {
    handle: '.stop-item__handle',
    ghostClass: 'stop-item--ghost',
    chosenClass: 'stop-item--chosen',
    onMove,
  });
  const showButtons = useRef(new Map<string, HTMLButtonElement>());
  /** After a keyboard move, the focus follows the moved stop to its new place. */
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfterMove.current;
    if (id === null) return;
    focusAfterMove.current = null;
    showButtons.current.get(id)?.focus();
  }, [stops]);

  const move = (index: number, to: number) => {
    if (to < 0 || to >= stops.length) return;
    focusAfterMove.current = stops[index].id;
    onMove(index, to);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1);
    }
  };

  return (
    <ol className="stop-list" ref={listRef}>
      {stops.map((stop, index) => {
        const number = index + 1;
        return (
          <li key={stop.id} className={index === highlightedIndex ? 'stop-item stop-item--current' : 'stop-item'}>
            <span className="stop-item__handle" title={t('planner.dragStop', { number })} aria-hidden="true">
              ⠿
            </span>
            <span className="stop-item__number" aria-hidden="true">
              {number}
            </span>
            <button
              type="button"
              className="stop-item__show"
              ref={(element) => {
                if (element) showButtons.current.set(stop.id, element);
                else showButtons.current.delete(stop.id);
              }}
              aria-label={t('planner.showStop', { number, name: stop.name })}
              aria-describedby="stop-list-help"
              onClick={() => onShow(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="stop-item__name">{stop.name}</span>
              <span className="stop-item__coords">{formatLatLng(stop)}</span>
            </button>
            <span className="stop-item__tools">
              <button
                type="button"
                className="stop-item__icon"
                aria-label={t('planner.moveUp', { number })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                ↑
              </button>
              <button
                type="button"
                className="stop-item__icon"
                aria-label={t('planner.moveDown', { number })}
                disabled={index === stops.length - 1}
                onClick={() => move(index, index + 1)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                ↓
              </button>
              <button
                type="button"
                className="stop-item__icon stop-item__remove"
                aria-label={t('planner.removeStop', { number, name: stop.name })}
                onClick={() => onRemove(index)}
              >
                ×
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
