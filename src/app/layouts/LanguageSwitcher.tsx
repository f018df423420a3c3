import { useTranslation } from 'react-i18next';
import {
  availableLanguages,
  chooseInterfaceLanguage,
  DEFAULT_LANGUAGE,
  type LanguageCode,
} from '@/lib/i18n';

/**
 * A native select (the phone's own picker, fully keyboard- and screen-reader-operable),
 * drawn invisibly over a compact flag + code face so it fits a phone header.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current =
    availableLanguages.find((language) => language.code === i18n.resolvedLanguage) ??
    availableLanguages.find((language) => language.code === DEFAULT_LANGUAGE)!;

  return (
    <div className="language-switcher">
      <span className="language-switcher__face" aria-hidden="true">
        <span className="language-switcher__flag">{current.flag}</span>
        <span className="language-switcher__code">{current.code.toUpperCase()}</span>
        <span className="language-switcher__caret">▾</span>
      </span>
      <select
        className="language-switcher__select"
        aria-label={t('nav.language')}
        title={t('nav.language')}
        value={current.code}
        onChange={(event) => void chooseInterfaceLanguage(event.target.value as LanguageCode)}
      >
        {availableLanguages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {`${language.flag} ${language.name}`}
          </option>
        ))}
      </select>
    </div>
  );
}
