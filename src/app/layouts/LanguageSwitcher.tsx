import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from '@/components/hooks/use-dismiss';
import { useTranslation } from 'react-i18next';
import { useHydrating } from '@/lib/hydration';
import { availableLanguages, chooseInterfaceLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n';
import { LanguageFlag } from './flags';

/**
 * The language menu: a select-only combobox (WAI-ARIA APG) whose face shows the current
 * language's SVG flag and code, and whose list shows each language's flag and name in its own
 * language. Keys: Arrow Down/Up, Enter or Space open it; in the list, arrows, Home and End
 * move, Enter or Space chooses, Escape closes; typing a letter jumps to a language.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const hydrating = useHydrating();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const currentIndex = Math.max(
    0,
    availableLanguages.findIndex(
      (language) => language.code === (i18n.resolvedLanguage ?? DEFAULT_LANGUAGE),
    ),
  );
  const current = availableLanguages[currentIndex];
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(currentIndex);
  const optionId = (index: number) => `${listId}-${availableLanguages[index].code}`;

  // A click or tap outside closes the list, and so does Escape wherever the focus is.
  useDismiss(open, [root], () => setOpen(false));

  const openList = () => {
    setActiveIndex(currentIndex);
    setOpen(true);
  };
  const choose = (index: number) => {
    setOpen(false);
    button.current?.focus();
    const code = availableLanguages[index].code;
    if (code !== current.code) void chooseInterfaceLanguage(code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = availableLanguages.length - 1;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((index) => Math.min(last, index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(activeIndex);
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        if (event.key.length === 1) {
          const letter = event.key.toLowerCase();
          const found = availableLanguages.findIndex((language) =>
            language.name.toLowerCase().startsWith(letter),
          );
          if (found >= 0) setActiveIndex(found);
        }
    }
  };

  return (
    <div className="language-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        role="combobox"
        className="language-switcher__face"
        aria-label={t('nav.language')}
        title={t('nav.language')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        // Until React has hydrated it, a tap would do nothing.
        disabled={hydrating}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget)) setOpen(false);
        }}
      >
        <LanguageFlag code={current.code} className="language-switcher__flag" />
        <span className="language-switcher__code" lang={current.code}>
          {current.code.toUpperCase()}
        </span>
        <span className="language-switcher__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        id={listId}
        role="listbox"
        className="language-switcher__list"
        aria-label={t('nav.language')}
        hidden={!open}
      >
        {availableLanguages.map((language, index) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the combobox handles the keys (aria-activedescendant)
          <li
            key={language.code}
            id={optionId(index)}
            role="option"
            lang={language.code}
            aria-selected={index === currentIndex}
            className={
              index === activeIndex
                ? 'language-switcher__option language-switcher__option--active'
                : 'language-switcher__option'
            }
            // Keep the focus on the combobox so it does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActiveIndex(index)}
            onClick={() => choose(index)}
          >
            <LanguageFlag code={language.code} className="language-switcher__flag" />
            <span>{language.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
