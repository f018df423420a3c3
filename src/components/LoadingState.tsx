import { useTranslation } from 'react-i18next';
import './LoadingState.css';

/** A small, accessible busy indicator for pages and sections that wait for data. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="loading-state__spinner" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
