import { useTranslation } from 'react-i18next';

/**
 * "Load 6 of 8": how much of a driver's capacity their stops take. A stop moved by hand may take
 * them past it (the move is the dispatcher's call and stays allowed): the line then says so in
 * words, not by its colour alone.
 */
export function DriverLoad({ load, capacity }: { load: number; capacity: number }) {
  const { t } = useTranslation();
  const over = load - capacity;
  return (
    <p
      className={over > 0 ? 'team-driver__totals team-driver__load--over' : 'team-driver__totals'}
      data-testid="driver-load"
    >
      {t('dayPlan.driverLoad', { load, capacity })}
      {over > 0 ? <strong> · {t('dayPlan.driverOverCapacity', { over })}</strong> : null}
    </p>
  );
}
