import { useTranslation } from 'react-i18next';

/** Moving stops between drivers: which stop's choice is open, where it can go, and what to do. */
export interface MoveControls {
  /** The stop whose choice of driver is open (an index into the route's stops). */
  open: number | null;
  /** Every driver: number and name ('' when none). */
  drivers: readonly { number: number; name: string }[];
  toggle: (stop: number) => void;
  moveTo: (stop: number, driver: number) => void;
}

/**
 * A stop's 'Move' button and, when open, the other drivers to move it to. The button keeps the
 * stop's index (`data-move-stop`) so that focus can follow the stop to its new driver.
 */
export function MoveStop({
  stop,
  name,
  driver,
  move,
}: {
  stop: number;
  name: string;
  /** The number of the driver who has the stop now. */
  driver: number;
  move: MoveControls;
}) {
  const { t } = useTranslation();
  const open = move.open === stop;
  return (
    <>
      <button
        type="button"
        className="button button--small team-driver__move"
        aria-expanded={open}
        aria-label={t('dayPlan.moveStopLabel', { name })}
        data-move-stop={stop}
        onClick={() => move.toggle(stop)}
      >
        {t('dayPlan.moveStop')}
      </button>
      {open ? (
        <div
          className="team-driver__move-to"
          role="group"
          aria-label={t('dayPlan.moveStopTo', { name })}
        >
          {move.drivers
            .filter((other) => other.number !== driver)
            .map((other) => (
              <button
                key={other.number}
                type="button"
                className="button button--small"
                onClick={() => move.moveTo(stop, other.number)}
              >
                {other.name
                  ? t('dayPlan.driverNamed', { name: other.name, number: other.number })
                  : t('dayPlan.driverName', { number: other.number })}
              </button>
            ))}
        </div>
      ) : null}
    </>
  );
}
