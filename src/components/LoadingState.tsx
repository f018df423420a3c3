import { useTranslation } from 'react-i18next';
import './LoadingState.css';

/**
 * A small, accessible busy indicator for pages and sections that wait for data. `page`: the
 * whole page waits and its content will reach about the bottom of the screen or further, so the
 * indicator takes the screen under the header: the layout's footer waits below the fold
 * instead of being pushed down when the content arrives. (For a page that is often shorter, the
 * footer would come up into view instead, a shift as well: leave `page` off there.)
 */
export function LoadingState({ label, page = false }: { label?: string; page?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={page ? 'loading-state loading-state--page' : 'loading-state'}
      role="status"
      aria-live="polite"
    >
      <span className="loading-state__spinner" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
