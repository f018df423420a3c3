import { useParams } from 'react-router-dom';
import { PlannerWorkspace } from './PlannerWorkspace';
import '@/components/forms.css';
import './PlannerPage.css';

/** /plan (new) and /edit-route/:id (edit); a new key per route gives each its own state. */
export function PlannerPage() {
  const { id } = useParams();
  return <PlannerWorkspace key={id ?? 'new'} itineraryId={id} />;
}

export default PlannerPage;
