import { clearEditDrafts, clearPendingRoute, clearRouteDraft } from '@/lib/route-storage';
import { forgetAccountOnDevice, type KeyValueStore } from '@/lib/offline';

/**
 * After the account is deleted: what this device kept of it goes too. The planner's draft, the
 * unsaved edits of saved routes and a route waiting to be saved (they would be saved into no
 * account; signing out forgets the edits too, but this does not depend on it), and every copy
 * of the account's routes and queued changes kept for driving offline. False when the offline
 * store could not be cleared (the page then says so).
 */
export async function clearDeviceAfterDeletion(
  store: KeyValueStore,
  ownerId: string,
  storages: { local: Storage; session: Storage } = {
    local: localStorage,
    session: sessionStorage,
  },
): Promise<boolean> {
  clearRouteDraft(storages.local);
  clearEditDrafts(storages.local);
  clearPendingRoute(storages.session);
  try {
    await forgetAccountOnDevice(store, ownerId);
    return true;
  } catch (error) {
    console.error('Could not clear the offline copies of the deleted account', error);
    return false;
  }
}

/** The deletion dialog's check: the account's address, typed again (case and spaces aside). */
export const confirmationMatches = (typed: string, email: string): boolean =>
  email.trim() !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase();
