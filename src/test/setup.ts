/**
 * Runs before every unit test file that needs the DOM (vitest.config.ts, project `unit`):
 * the interface texts are ready (English), distances are in kilometres (jsdom's browser is
 * en-US, which would choose miles; a test about units sets its own), and each test starts
 * with an empty document.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { unitsStore } from '@/lib/units';

beforeAll(() => i18nReady);
beforeEach(() => unitsStore.setPreference('metric'));
afterEach(() => cleanup());
