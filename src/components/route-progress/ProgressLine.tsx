import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useTimeFormat } from '@/lib/day-plan';
import { punctuality, type ProgressFacts } from '@/lib/driver-reports';
import './route-progress.css';

export interface ProgressLineProps {
  facts: ProgressFacts;
  /** The live board of this route or day. */
  boardPath?: string;
  /** Names the board link for a screen reader ("Live board: Monday round"). */
  boardLabel?: string;
}

/** "12/30 delivered · 1 failed · on time" (or "running 25 min late"), and a link to the board. */
export function ProgressLine({ facts, boardPath, boardLabel }: ProgressLineProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const parts = [t('progress.delivered', { delivered: facts.delivered, total: facts.total })];
  if (facts.failed > 0) parts.push(t('progress.failed', { count: facts.failed }));
  if (facts.skipped > 0) parts.push(t('progress.skipped', { count: facts.skipped }));
  const timing = punctuality(facts);
  if (timing === 'on-time') parts.push(t('progress.onTime'));
  if (timing === 'late')
    parts.push(t('progress.late', { time: format.span((facts.lateMinutes ?? 0) * 60_000) }));
  return (
    <p className={`progress-line${timing === 'late' ? ' progress-line--late' : ''}`}>
      <span data-testid="progress-line">{parts.join(' · ')}</span>
      {boardPath ? (
        <>
          {' '}
          <Link to={boardPath} aria-label={boardLabel}>
            {t('progress.board')}
          </Link>
        </>
      ) : null}
    </p>
  );
}
