import { forgetDeviceKeys, type DeviceStorages } from '@/lib/device-keys';
import { forgetAccountOnDevice, type KeyValueStore } from '@/lib/offline';

/**
 * After the account is deleted: what this device kept of it goes too. Every key of
 * @/lib/device-keys but the settings and the session (which signing out removes): the planner's
 * draft, the unsaved edits of saved routes, a route waiting to be saved (it would be saved into
 * no account), the split's team (the drivers' names and places), the place reached on each
 * shared route; and every copy of the account's routes and queued changes kept for driving
 * offline. False when the offline store could not be cleared (the page then says so).
 */
export async function clearDeviceAfterDeletion(
  store: KeyValueStore,
  ownerId: string,
  storages?: DeviceStorages,
): Promise<boolean> {
  forgetDeviceKeys('deletion', storages);
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
