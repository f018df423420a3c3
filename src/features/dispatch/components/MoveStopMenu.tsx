import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BoardDriver {
  routeId: string;
  title: string;
}

/**
 * A stop's "Move to…" button and, when open, the other drivers to move it to: the board's way to
 * move a stop with the keyboard or on a phone (dragging is the mouse's).
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
  return (
    <div className="board-move">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-label={t('board.move.label', { name })}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        {t('board.move.button')}
      </button>
      {open ? (
        <div className="board-move__to" role="group" aria-label={t('board.move.to', { name })}>
          {drivers
            .filter((driver) => driver.routeId !== routeId)
            .map((driver) => (
              <button
                key={driver.routeId}
                type="button"
                className="button button--small"
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
