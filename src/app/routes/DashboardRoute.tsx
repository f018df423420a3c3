import { DashboardPage } from '@/features/itineraries/components/DashboardPage';
import { useOutboxSync } from '../outbox/useOutboxSync';

/** /dashboard: My Routes, and the offline outbox is sent from here. */
export default function DashboardRoute() {
  useOutboxSync();
  return <DashboardPage />;
}
