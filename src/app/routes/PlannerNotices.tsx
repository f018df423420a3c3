import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/LoadingState';
import type { usePlannerRoute } from '@/features/planner';

export interface PlannerNoticesProps {
  planner: ReturnType<typeof usePlannerRoute>;
  /** A save, a start or the latest version's load is under way: Discard waits. */
  busy: boolean;
  onDiscardRestored: () => void;
}

/**
 * What the planner says above its form about the route it opened: loading the saved route, its
 * load failed (with Retry), or unsaved edits kept on this device were put back (Keep or Discard).
 */
export function PlannerNotices({ planner, busy, onDiscardRestored }: PlannerNoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {planner.loading ? <LoadingState label={t('planner.loadingItinerary')} /> : null}
      {planner.loadFailed ? (
        <div className="planner__feedback" role="alert">
          <strong>{t('planner.loadFailed')}</strong>
          <button type="button" className="button button--small" onClick={planner.retryLoad}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {planner.restored ? (
        <div className="planner__notice" role="status">
          <span>{t('planner.editsRestored')}</span>
          <span className="planner__notice-actions">
            <button
              type="button"
              className="button button--small"
              onClick={planner.dismissRestored}
            >
              {t('planner.keepEdits')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={onDiscardRestored}
            >
              {t('planner.discardEdits')}
            </button>
          </span>
        </div>
      ) : null}
    </>
  );
}
