import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { LegalText } from './LegalText';
import { NoticePage } from './NoticePage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

describe('legal texts', () => {
  it('mark bracketed placeholders and keep line breaks and paragraphs', () => {
    const { container } = render(
      <LegalText
        text={'Name: [OPERATOR NAME]\nCity: [CITY]\n\nSecond paragraph'}
        placeholderLabel="fill me"
      />,
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['[OPERATOR NAME]', '[CITY]']);
    expect(marks[0].getAttribute('title')).toBe('fill me');
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });

  it('the site notice is a template with a note for the operator', () => {
    const { container } = render(<NoticePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Site Notice' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/template/);
    expect(container.querySelectorAll('mark.legal__placeholder').length).toBeGreaterThan(5);
  });

  it('the privacy policy names every storage key and third party the product uses', () => {
    render(<PrivacyPage />);
    const text = document.body.textContent ?? '';
    for (const key of [
      'guestMode',
      'theme',
      'i18nextLng',
      'routeDraft',
      'pendingRoute',
      'sharedRouteProgress',
      'route-planner-offline',
      'workbox-precache',
      'auth-token',
    ]) {
      expect(text).toContain(key);
    }
    for (const party of [
      'Supabase Auth',
      'Nominatim',
      'OSRM',
      'OpenStreetMap tile servers',
      'Google',
      'Waze',
    ]) {
      expect(text).toContain(party);
    }
    expect(text).toMatch(/no tracking cookies/i);
    expect(text).toMatch(/random token/);
  });

  it('the terms require adults and promise complaints within 3 days', () => {
    render(<TermsPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('within 3 days');
  });
});
