import { useTranslation } from 'react-i18next';
import { useHydrating } from '@/lib/hydration';
import { nextTheme, type ThemePreference } from './theme';
import { useTheme } from './use-theme';

const ICONS: Record<ThemePreference, string> = { auto: '◐', light: '☀', dark: '☾' };

/** Cycles auto → light → dark; its name says the current theme and what a click does. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const hydrating = useHydrating();
  const { preference, cycle } = useTheme();
  const label = t('theme.toggle', {
    current: t(`theme.names.${preference}`),
    next: t(`theme.names.${nextTheme(preference)}`),
  });
  return (
    <button
      type="button"
      className="icon-button"
      onClick={cycle}
      // Until React has hydrated it, a tap would do nothing.
      disabled={hydrating}
      aria-label={label}
      title={label}
      data-theme-preference={preference}
    >
      <span aria-hidden="true">{ICONS[preference]}</span>
    </button>
  );
}
