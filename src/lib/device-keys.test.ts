// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import pages from '@/locales/pages/en.json';
import { takeUnregisteredKeys } from '@/test/storage-guard';
import {
  DEVICE_KEYS,
  deviceKeyOf,
  forgetDeviceKeys,
  keyFor,
  type DeviceKeyId,
} from './device-keys';

const ids = Object.keys(DEVICE_KEYS) as DeviceKeyId[];

/** One key of each entry, a prefixed entry's with an item, in its own storage. */
function fillEveryKey() {
  for (const id of ids) {
    const entry = DEVICE_KEYS[id];
    const key = 'prefix' in entry ? `${entry.name}item` : entry.name;
    (entry.storage === 'local' ? localStorage : sessionStorage).setItem(key, '1');
  }
}

const keysLeft = () => ({
  local: Object.keys(localStorage).sort(),
  session: Object.keys(sessionStorage).sort(),
});

describe('the keys the app keeps on the device', () => {
  it('knows each key by its entry, a prefixed one by its start', () => {
    expect(deviceKeyOf('teamDay')).toBe('teamDay');
    expect(deviceKeyOf(keyFor('sharedRouteProgress', 'abc'))).toBe('sharedRouteProgress');
    expect(deviceKeyOf('routeEditDraft:r1')).toBe('routeEditDraft');
    expect(deviceKeyOf('sb-project-auth-token')).toBe('session');
    expect(deviceKeyOf('teamDay2')).toBeUndefined();
    expect(deviceKeyOf('somethingNew')).toBeUndefined();
  });

  it('fails a test that writes a key it does not list', () => {
    localStorage.setItem('somethingNew', '1');
    sessionStorage.setItem('teamDay', '1');
    // The setup file fails the test with these; taken here, so that this test passes.
    expect(takeUnregisteredKeys()).toEqual(['somethingNew']);
  });

  it('signing out forgets the account’s keys and keeps the rest', () => {
    fillEveryKey();
    forgetDeviceKeys('sign-out');
    expect(keysLeft()).toEqual({
      local: [
        'distanceUnits',
        'guestMode',
        'i18nextLng',
        'lswt-item',
        'navigationApp',
        'pendingRouteAwaitingConfirmation',
        'routeDraft',
        'sb-item',
        'sharedRouteProgress:item',
        'teamDay',
        'theme',
      ],
      session: ['passwordRecovery', 'pendingRoute'],
    });
  });

  it('deleting the account forgets everything but the settings and the session', () => {
    fillEveryKey();
    forgetDeviceKeys('deletion');
    expect(keysLeft()).toEqual({
      local: [
        'distanceUnits',
        'guestMode',
        'i18nextLng',
        'lswt-item',
        'navigationApp',
        'sb-item',
        'theme',
      ],
      session: [],
    });
  });

  it('forgets nothing it cannot reach, quietly', () => {
    expect(() => forgetDeviceKeys('deletion', { local: null, session: null })).not.toThrow();
  });

  it('has each key described on the privacy page', () => {
    const described = Object.keys(pages.legal.privacy.storage);
    expect(ids.filter((id) => !described.includes(id))).toEqual([]);
  });
});
