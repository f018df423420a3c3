import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { queuedReport } from '../model/report-outbox';
import { OutboxStatus } from './OutboxStatus';

const refused = (id: string, reason: string) => ({
  ...queuedReport({ id, stopId: `stop-${id}`, status: 'delivered', at: '2026-03-02T08:00:00Z' }),
  refused: reason as 'other',
});

const renderStatus = (entries: ReturnType<typeof refused>[]) =>
  render(<OutboxStatus online waiting={0} state="idle" refused={entries} onDismiss={() => {}} />);

describe('<OutboxStatus>', () => {
  it('says why a report was refused in the page’s language', async () => {
    renderStatus([refused('a', 'too-large'), refused('b', 'This stop is not on the route')]);
    expect(screen.getAllByRole('alert').map((alert) => alert.firstChild?.textContent)).toEqual([
      'A report was not accepted: the photo or signature is too large',
      'A report was not accepted: the server refused it',
    ]);
    await i18n.changeLanguage('es');
    try {
      renderStatus([refused('c', 'no-stop')]);
      expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain(
        'Un informe no fue aceptado: esta parada ya no está en la ruta',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
