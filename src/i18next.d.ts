import 'i18next';
import type en from '@/locales/en.json';
import type enPages from '@/locales/pages/en.json';

/**
 * Translation keys are typed against the English files (the main one and the page texts, which
 * only some pages load: src/lib/i18n.ts): an unknown key is a type error.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enPages };
  }
}
