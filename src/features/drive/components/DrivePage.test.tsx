import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DrivePage } from './DrivePage';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));

const route = {
  title: 'Monday — Driver 2',
  stops: [
    { id: 's0', name: 'Depot', lat: 48.84, lng: 2.34 },
    { id: 's1', name: 'Bakery', lat: 48.85, lng: 2.35, note: 'Door code 1234' },
    { id: 's2', name: 'Pharmacy', lat: 48.86, lng: 2.36, window: { start: '09:00', end: '10:00' } },
  ],
};

/** The /api as the driver's phone reaches it; `offline` makes every request fail to connect. */
function stubApi() {
  const posted: { id: string; stopId: string; status: string; reason?: string }[] = [];
  const state = { offline: false, revoked: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (state.offline) throw new TypeError('Failed to fetch');
      if (state.revoked)
        return Response.json({ error: 'Driver link not found', code: 'no-link' }, { status: 404 });
      // Each test its own link: the device's store (memory, in jsdom) outlives a test.
      const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api\/drive\/(tok-\w+)/, '/api/drive/tok')}`;
      if (key === 'GET /api/drive/tok') return Response.json(route);
      if (key === 'POST /api/drive/tok/reports') {
        const body = JSON.parse(String(init?.body)) as (typeof posted)[number];
        if (!posted.some((report) => report.id === body.id)) posted.push(body);
        return Response.json(
          { ...body, receivedAt: new Date().toISOString(), farFromStop: false },
          { status: 201 },
        );
      }
      return Response.json({ error: 'not found' }, { status: 404 });
    }),
  );
  return { posted, state };
}

const renderPage = (token: string) =>
  renderWithProviders(<DrivePage />, { route: '/drive/:token', path: `/drive/${token}` });

describe('DrivePage', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the next stop first with its note, and reports it', async () => {
    const api = stubApi();
    renderPage('tok-online');
    const next = await screen.findByRole('article', { name: 'Stop 2: Bakery' });
    expect(within(next).getByText('Next stop')).toBeTruthy();
    expect(within(next).getByText('Door code 1234')).toBeTruthy();
    expect(screen.getByText('Window 09:00–10:00')).toBeTruthy();
    // The start is no delivery: shown as such, nothing to report there.
    const depot = screen.getByRole('article', { name: 'Stop 1: Depot' });
    expect(within(depot).getByText('Start')).toBeTruthy();
    expect(within(depot).queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.getByText('2 stops · 0 reported')).toBeTruthy();

    fireEvent.click(within(next).getByRole('button', { name: 'Report: Bakery' }));
    const form = screen.getByRole('form', { name: 'Report on Bakery' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the report' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose what happened.');
    fireEvent.click(within(form).getByRole('radio', { name: 'Failed' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Why did it fail?' }), {
      target: { value: 'nobody-there' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the report' }));

    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ stopId: 's1', status: 'failed', reason: 'nobody-there' });
    // The next stop is now the pharmacy; the bakery shows its report.
    expect(await screen.findByRole('article', { name: 'Stop 3: Pharmacy' })).toBeTruthy();
    const bakery = screen.getByRole('article', { name: 'Stop 2: Bakery' });
    expect(within(bakery).getByTestId('stop-report').textContent).toMatch(/^Failed · Nobody there/);
  });

  it('offline: keeps the report, says it waits, and sends it once when the network is back', async () => {
    const api = stubApi();
    renderPage('tok-offline');
    const next = await screen.findByRole('article', { name: 'Stop 2: Bakery' });
    api.state.offline = true;
    fireEvent.click(within(next).getByRole('button', { name: 'Report: Bakery' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Delivered' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));

    await waitFor(() =>
      expect(screen.getByTestId('outbox-status').textContent).toBe('1 report waiting to send...'),
    );
    expect(api.posted).toHaveLength(0);
    api.state.offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('outbox-status').textContent).toBe(''));
    expect(api.posted.map((report) => report.status)).toEqual(['delivered']);
  });

  it('a link replaced while reports wait: says how many could not be sent, keeps them until removed', async () => {
    const api = stubApi();
    renderPage('tok-replaced');
    const next = await screen.findByRole('article', { name: 'Stop 2: Bakery' });
    api.state.offline = true;
    fireEvent.click(within(next).getByRole('button', { name: 'Report: Bakery' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Delivered' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Left with the neighbour' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    await waitFor(() =>
      expect(screen.getByTestId('outbox-status').textContent).toBe('1 report waiting to send...'),
    );

    // Meanwhile the dispatcher made a new link: this one answers 404 when the phone is back.
    api.state.revoked = true;
    api.state.offline = false;
    window.dispatchEvent(new Event('online'));
    expect((await screen.findByText(/replaced or revoked/)).textContent).toBe(
      'This link was replaced or revoked: 1 report could not be sent. Ask your dispatcher for the new link. It stays on this phone until you remove it.',
    );
    const list = screen.getByRole('list', { name: 'Reports not sent' });
    // The stop's name comes from the phone's copy of the route.
    await waitFor(() =>
      expect(within(list).getByRole('listitem').textContent).toMatch(
        /^Bakery: Delivered · .+ · Left with the neighbour$/,
      ),
    );
    expect(api.posted).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download the reports not sent' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove them from this phone' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/revoked or does not exist/),
    );
  });

  it('says so when the link was revoked', async () => {
    stubApi();
    renderPage('gone');
    expect((await screen.findByRole('alert')).textContent).toMatch(/revoked or does not exist/);
  });
});
