/**
 * Runs before every unit test file that needs the DOM (vitest.config.ts, project `unit`):
 * the interface texts are ready (English), and each test starts with an empty document.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady } from '@/lib/i18n';

beforeAll(() => i18nReady);
afterEach(() => cleanup());
