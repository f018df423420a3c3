import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { LandingPage } from './LandingPage';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

const renderLanding = () =>
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );

describe('landing page', () => {
  it('leads to the planner and to sign-up', () => {
    renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Plan Multi-Stop Routes for Free' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Planning' }).getAttribute('href')).toBe('/plan');
    expect(screen.getByRole('link', { name: 'Create Free Account' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Plan a Route Now' }).getAttribute('href')).toBe(
      '/plan',
    );
  });

  it('has three badges, six features, three steps, six use cases and six FAQ items', () => {
    renderLanding();
    expect(
      within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    const section = (name: string) => screen.getByRole('region', { name });
    expect(
      within(section('Everything a day of stops needs')).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(6);
    expect(within(section('How it works')).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(section('Made for people on the move')).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(6);
    expect(section('Frequently asked questions').querySelectorAll('details')).toHaveLength(6);
  });

  it('FAQ items are native disclosure widgets (keyboard-operable, closed at first)', () => {
    renderLanding();
    const question = screen.getByText('Is it really free?');
    expect(question.tagName).toBe('SUMMARY');
    const item = question.closest('details')!;
    expect(item.open).toBe(false);
    expect(within(item).getByText(/no subscription/)).toBeTruthy();
  });

  it('says what Start Route in Waze does without an account: it asks for one first', () => {
    renderLanding();
    const item = screen.getByText('How do I drive the route?').closest('details')!;
    expect(
      within(item).getByText(/Without an account the button asks you to create one/),
    ).toBeTruthy();
    expect(within(item).getByText(/shared with you by link opens in Waze at once/)).toBeTruthy();
  });

  it('makes the product claims: free, no configuration, mobile, no stop limit', () => {
    renderLanding();
    const text = document.body.textContent ?? '';
    for (const claim of [
      '100% free',
      'No configuration',
      'Mobile optimised',
      'Worldwide address search',
      'No limit on stops',
      'without an account',
      'Waze',
    ]) {
      expect(text).toContain(claim);
    }
  });
});
