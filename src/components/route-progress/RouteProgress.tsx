import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { hasReports } from '@/lib/driver-reports';
import { ProgressLine } from './ProgressLine';
import { useDayProgressFacts, useRouteProgressFacts } from './useProgressFacts';
import { useSeen } from './useSeen';

/** A saved route's progress line on its card once a driver has reported; nothing before. */
export function RouteProgress({
  id,
  title,
  dayGroup,
}: {
  id: string;
  title: string;
  dayGroup?: string;
}) {
  const { t } = useTranslation();
  const [seen, watch] = useSeen();
  const facts = useRouteProgressFacts(id, dayGroup, seen);
  return (
    <div ref={watch} className="route-progress">
      {facts && hasReports(facts) ? (
        <ProgressLine
          facts={facts}
          boardPath={paths.routeBoard(id)}
          boardLabel={t('progress.boardOf', { title })}
        />
      ) : null}
    </div>
  );
}

/** A day's progress line (all its drivers) under the day's heading once a driver has reported. */
export function DayProgress({ group }: { group: string }) {
  const { t } = useTranslation();
  const [seen, watch] = useSeen();
  const facts = useDayProgressFacts(group, seen);
  return (
    <div ref={watch} className="route-progress">
      {facts && hasReports(facts) ? (
        <ProgressLine
          facts={facts}
          boardPath={paths.dayBoard(group)}
          boardLabel={t('progress.boardOfDay')}
        />
      ) : null}
    </div>
  );
}
