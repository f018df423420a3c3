import 'i18next';
import type en from '@/locales/en.json';

/** Translation keys are typed against the English file: an unknown key is a type error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
