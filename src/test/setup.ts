/**
 * Runs before every unit test file (vitest.config.ts). In the files that run in jsdom: the
 * interface texts are ready (English), distances are in kilometres (jsdom's browser is en-US,
 * which would choose miles; a test about units sets its own), and each test starts with an
 * empty document, empty storage and the English texts; a test that writes a storage key that
 * @/lib/device-keys does not list fails (storage-guard.ts). A file that runs in Node gets
 * nothing.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';

if (typeof document !== 'undefined') {
  const [
    { cleanup, configure },
    { default: i18n, DEFAULT_LANGUAGE, i18nReady },
    { unitsPreference },
    { guardStorageKeys, takeUnregisteredKeys },
  ] = await Promise.all([
    import('@testing-library/react'),
    import('@/lib/i18n'),
    import('@/lib/units'),
    import('./storage-guard'),
  ]);
  guardStorageKeys();

  // findBy… and waitFor give up after 1 s by default: on a busy 2-core machine (CI runs two
  // test workers), a lazily loaded module (the Google button's) once took longer than that.
  configure({ asyncUtilTimeout: 5000 });

  beforeAll(() => i18nReady);
  beforeEach(() => unitsPreference.set('metric'));
  // Files that replace no module share a worker's document (vitest.config.ts): whatever a test
  // left (a failed test's language, stored keys) must not reach the next file.
  afterEach(async () => {
    cleanup();
    if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
    localStorage.clear();
    sessionStorage.clear();
    const unlisted = takeUnregisteredKeys();
    if (unlisted.length > 0) {
      throw new Error(
        `Written to the browser's storage under keys that src/lib/device-keys.ts does not list: ${unlisted.join(', ')}. Add each there, with when the device forgets it.`,
      );
    }
  });
}
