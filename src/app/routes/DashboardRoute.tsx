import { DashboardPage } from '@/features/itineraries';
import { useOutboxSync } from '../outbox/useOutboxSync';

/** /dashboard: My Routes, and the offline outbox is sent from here. */
export default function DashboardRoute() {
  useOutboxSync();
  return <DashboardPage />;
}
