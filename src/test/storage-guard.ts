/**
 * Every key written to the browser's storage in the unit tests must be one of @/lib/device-keys:
 * a key the registry does not list would stay on the device when signing out or deleting the
 * account clears it. The setup file installs the guard and fails the test that wrote such a key.
 */
import { deviceKeyOf } from '@/lib/device-keys';

const unregistered: string[] = [];
let installed = false;

/** Notes every key written through Storage (localStorage and sessionStorage) that is not listed. */
export function guardStorageKeys(): void {
  if (installed) return;
  installed = true;
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
    if (deviceKeyOf(String(key)) === undefined) unregistered.push(String(key));
    write.call(this, key, value);
  };
}

/** The keys written that the registry does not list, since the last call. */
export const takeUnregisteredKeys = (): string[] => unregistered.splice(0);
