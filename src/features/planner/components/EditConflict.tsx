import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './PlannerFeedback.css';

export interface EditConflictProps {
  /** A save or the load of the latest version is under way. */
  busy: boolean;
  /** Loading the latest version failed (the user's route is still on screen). */
  loadFailed: boolean;
  onSaveMine: () => void;
  onLoadLatest: () => void;
}

/**
 * The route was changed on another device since the planner loaded it: nothing
 * was saved, the user's route stays on screen, and the user chooses. The
 * message takes the focus, so it is read out and its two choices come next.
 */
export function EditConflict({ busy, loadFailed, onSaveMine, onLoadLatest }: EditConflictProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  return (
    <div ref={box} className="planner__feedback planner__conflict" role="alert" tabIndex={-1}>
      <strong>{t('planner.conflictMessage')}</strong>
      <span>{t('planner.conflictHelp')}</span>
      {loadFailed ? <span>{t('planner.loadFailed')}</span> : null}
      <div className="planner__conflict-actions">
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          onClick={onSaveMine}
        >
          {t('planner.conflictSaveMine')}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={onLoadLatest}
        >
          {t('planner.conflictLoadLatest')}
        </button>
      </div>
    </div>
  );
}
