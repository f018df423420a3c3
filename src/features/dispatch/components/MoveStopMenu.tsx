import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface BoardDriver {
  routeId: string;
  title: string;
}

/**
 * A stop's "Move to…" button and, when open, the other drivers to move it to: the board's way to
 * move a stop with the keyboard or on a phone (dragging is the mouse's). Opening it focuses the
 * first driver, Escape closes it and gives the focus back to the button; after a move the page
 * takes the focus (`onMove`), as the row leaves for its new driver.
 */
export function MoveStopMenu({
  name,
  routeId,
  drivers,
  disabled,
  onMove,
}: {
  name: string;
  /** The route that has the stop now. */
  routeId: string;
  drivers: readonly BoardDriver[];
  disabled: boolean;
  onMove: (to: BoardDriver) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) group.current?.querySelector('button')?.focus();
  }, [open]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <div className="board-move">
      <button
        ref={button}
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-label={t('board.move.label', { name })}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={closeOnEscape}
      >
        {t('board.move.button')}
      </button>
      {open ? (
        <div
          ref={group}
          className="board-move__to"
          role="group"
          aria-label={t('board.move.to', { name })}
        >
          {drivers
            .filter((driver) => driver.routeId !== routeId)
            .map((driver) => (
              <button
                key={driver.routeId}
                type="button"
                className="button button--small"
                onKeyDown={closeOnEscape}
                onClick={() => {
                  setOpen(false);
                  onMove(driver);
                }}
              >
                {driver.title}
              </button>
            ))}
        </div>
      ) : null}
    </div>
  );
}
