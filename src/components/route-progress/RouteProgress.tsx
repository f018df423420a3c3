import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { hasReports, summaryFacts, type ProgressSummary } from '@/lib/driver-reports';
import { ProgressLine } from './ProgressLine';

/**
 * A saved route's progress line on its card once a driver has reported; nothing before. The
 * progress comes with the page of summaries (GET /api/itineraries?progress=true).
 */
export function RouteProgress({
  id,
  title,
  progress,
}: {
  id: string;
  title: string;
  progress: ProgressSummary | null | undefined;
}) {
  const { t } = useTranslation();
  const facts = progress ? summaryFacts(progress) : null;
  return (
    <div className="route-progress">
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
export function DayProgress({
  group,
  progress,
}: {
  group: string;
  progress: ProgressSummary | null | undefined;
}) {
  const { t } = useTranslation();
  const facts = progress ? summaryFacts(progress) : null;
  return (
    <div className="route-progress">
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
