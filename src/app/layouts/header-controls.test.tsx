import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeToggle } from './theme/ThemeToggle';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('theme toggle', () => {
  it('says the current theme and what a click does, cycles and stores the choice', () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', {
      name: 'Theme: automatic (follows your device). Switch to light',
    });
    fireEvent.click(button);
    expect(button.getAttribute('aria-label')).toBe('Theme: light. Switch to dark');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(button);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(button);
    expect(localStorage.getItem('theme')).toBe('auto');
  });
});

describe('language switcher', () => {
  it('is a combobox named Language listing the available languages, and a choice is stored', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<LanguageSwitcher />);
    const combobox = screen.getByRole('combobox', { name: 'Language' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(options[0].textContent).toContain('English');
    const other = options.find((option) => option.getAttribute('aria-selected') !== 'true');
    if (!other) return; // only English in this build
    const otherLanguage = other.getAttribute('lang');
    expect(otherLanguage).toBeTruthy();
    act(() => {
      fireEvent.click(other);
    });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    // The language's translations load on demand first.
    await waitFor(() => expect(i18n.language).toBe(otherLanguage));
    expect(localStorage.getItem('i18nextLng')).toBe(otherLanguage);
    expect(document.documentElement.lang).toBe(otherLanguage);
    await act(() => i18n.changeLanguage('en'));
  });
});
