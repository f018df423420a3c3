import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import './PlannerPage.css';

/** /plan (new) and /edit-route/:id (edit). The planner itself is a later issue. */
export function PlannerPage() {
  const { t } = useTranslation();
  const { id } = useParams();

  return (
    <div className="planner">
      <aside className="planner__sidebar">
        <h1 className="planner__title">{id ? t('planner.editTitle') : t('planner.newTitle')}</h1>
      </aside>
      <section className="planner__map" aria-label={t('planner.mapRegion')}>
        <p className="planner__empty">{t('planner.emptyMap')}</p>
      </section>
    </div>
  );
}

export default PlannerPage;
