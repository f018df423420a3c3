import { NavigationPage } from '@/features/navigation/components/NavigationPage';
import { useOutboxSync } from '../outbox/use-outbox-sync';

/** /waze-route/:id: the navigation page, and the offline outbox is sent from here. */
export default function NavigationRoute() {
  useOutboxSync();
  return <NavigationPage />;
}
