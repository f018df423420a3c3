import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_MINUTES_MAX, STOP_LOAD_MAX } from '@domain/day-plan/day-plan.ts';
import type { DayValueIssue } from '../model/parse-import';

/** The message of a value of the day the import could not read, naming the line and the value. */
function useDayIssueText() {
  const { t } = useTranslation();
  return (line: number, issue: DayValueIssue): string => {
    const values = { line, value: issue.value, max: SERVICE_MINUTES_MAX };
    if (issue.field === 'load')
      return issue.problem === 'tooLarge'
        ? t('importStops.dayIssue.loadTooLarge', { ...values, max: STOP_LOAD_MAX })
        : t('importStops.dayIssue.loadUnreadable', values);
    if (issue.field === 'window')
      return issue.problem === 'endBeforeStart'
        ? t('importStops.dayIssue.windowEndBeforeStart', values)
        : t('importStops.dayIssue.windowUnreadable', values);
    return issue.problem === 'tooLong'
      ? t('importStops.dayIssue.serviceTooLong', values)
      : t('importStops.dayIssue.serviceUnreadable', values);
  };
}

/**
 * The lines whose time window, time at the stop or load could not be read: each says its line,
 * the value and how to write it; the stop itself is imported without that value.
 */
export const DayIssues = memo(function DayIssues({
  lines,
}: {
  lines: readonly { line: number; dayIssues?: readonly DayValueIssue[] }[];
}) {
  const { t } = useTranslation();
  const text = useDayIssueText();
  const issues = lines.flatMap(({ line, dayIssues }) =>
    (dayIssues ?? []).map((issue) => ({ line, issue })),
  );
  if (issues.length === 0) return null;
  return (
    <div className="import-panel__group import-panel__day-issues" data-testid="import-day-issues">
      <h4 className="import-panel__title">{t('importStops.dayIssuesHeading')}</h4>
      <ul className="import-panel__day-issue-list">
        {issues.map(({ line, issue }) => (
          <li key={`${line}:${issue.field}`}>{text(line, issue)}</li>
        ))}
      </ul>
    </div>
  );
});
