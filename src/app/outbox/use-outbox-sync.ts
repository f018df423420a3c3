import { useEffect } from 'react';
import { useIdentity } from '@/lib/auth';
import { startOutboxSync } from '@/lib/offline';

/**
 * Changes made on the road without a connection are sent from the pages a driver returns to
 * (My Routes and the navigation page): now, and whenever the connection comes back.
 */
export function useOutboxSync(): void {
  const { identity } = useIdentity();
  const userId = identity.status === 'signed-in' ? identity.user.id : null;
  useEffect(() => {
    if (userId) startOutboxSync(userId);
  }, [userId]);
}
