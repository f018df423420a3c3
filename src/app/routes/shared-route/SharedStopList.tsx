import { useTranslation } from 'react-i18next';
import { PlannedStopTimes } from '@/components/day-plan/DayTimes';
import type { PlannedDay, TimeFormat } from '@/lib/day-plan';
import { StopNote } from '@/features/navigation';
import type { SharedRoute } from '@/features/share';

export interface SharedStopListProps {
  stops: SharedRoute['stops'];
  /** The stop being driven to (-1: none yet). */
  currentIndex: number;
  day: PlannedDay | null;
  format: TimeFormat;
  onNavigate: (index: number) => void;
}

/** The shared route's stops in order: name, state, planned times, note, and Navigate. */
export function SharedStopList({
  stops,
  currentIndex,
  day,
  format,
  onNavigate,
}: SharedStopListProps) {
  const { t } = useTranslation();
  return (
    <ol className="shared-stops">
      {stops.map((stop, index) => {
        const number = index + 1;
        const isCurrent = index === currentIndex;
        return (
          <li
            key={index}
            className={isCurrent ? 'shared-stop shared-stop--current' : 'shared-stop'}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className="shared-stop__number" aria-hidden="true">
              {number}
            </span>
            <span className="shared-stop__body">
              <span className="shared-stop__name">
                <span className="visually-hidden">{t('share.stopNumber', { number })}: </span>
                {stop.name}
              </span>
              {stop.status ? (
                <span className={`shared-stop__status shared-stop__status--${stop.status}`}>
                  {stop.status === 'done'
                    ? t('navigation.stateDone')
                    : t('navigation.stateSkipped')}
                </span>
              ) : null}
              {day ? <PlannedStopTimes time={day.stops[index]} format={format} withDay /> : null}
              <StopNote note={stop.note} />
            </span>
            <button
              type="button"
              className="button button--small"
              aria-label={t('waze.navigateTo', { number, name: stop.name })}
              onClick={() => onNavigate(index)}
            >
              {t('waze.navigate')}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
