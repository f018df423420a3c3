import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SendToDriverDialog } from './SendToDriverDialog';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => 'jwt' }));
// The encoder is not what these tests are about.
vi.mock('./QrCode', () => ({ QrCode: () => null }));

/** The server's answers by "METHOD path", each a function so that a test can change it. */
let answers: Record<string, () => Response | Promise<Response>>;
let requests: string[];

beforeEach(() => {
  requests = [];
  answers = {};
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      requests.push(key);
      return (answers[key] ?? (() => Response.json({ error: 'Not found' }, { status: 404 })))();
    }),
  );
});

const link = (id: string) => `/api/itineraries/${id}/driver-link`;
const route = (id: string) => ({ id, title: `Route ${id}` });

describe('<SendToDriverDialog>', () => {
  it('offers a retry, never Create, when the active link could not be read', async () => {
    answers[`GET ${link('a')}`] = () => Response.json({ error: 'down' }, { status: 503 });
    renderWithProviders(<SendToDriverDialog routes={[route('a')]} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The active link could not be read'),
    );
    expect(screen.queryByRole('button', { name: 'Create the driver link' })).toBeNull();

    answers[`GET ${link('a')}`] = () =>
      Response.json({ driverUrl: 'http://localhost/drive/token-a' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('http://localhost/drive/token-a')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Create the driver link' })).toBeNull();
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('warns that reports waiting on the phone with the earlier link will not arrive', async () => {
    renderWithProviders(<SendToDriverDialog routes={[route('a')]} onClose={vi.fn()} />);
    expect(
      await screen.findByText(
        "Creating a link stops the route's earlier driver link: reports still waiting on the phone that holds it (offline) will not arrive. Its page says so; give the driver the new link.",
      ),
    ).toBeDefined();
  });

  it('creates each missing link once, the button off while it works', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const id of ['a', 'b', 'c'])
      answers[`POST ${link(id)}`] = async () => {
        await gate;
        return Response.json({ driverUrl: `http://localhost/drive/token-${id}` }, { status: 201 });
      };
    renderWithProviders(
      <SendToDriverDialog routes={[route('a'), route('b'), route('c')]} onClose={vi.fn()} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create 3 driver links' }));
    // The first link is on its way: two are still missing, and a second click makes none twice.
    const createRest = await screen.findByRole('button', { name: 'Create 2 driver links' });
    expect(createRest).toHaveProperty('disabled', true);
    fireEvent.click(createRest);
    release();
    expect(await screen.findByDisplayValue('http://localhost/drive/token-c')).toBeDefined();
    expect(requests.filter((request) => request.startsWith('POST')).sort()).toEqual([
      `POST ${link('a')}`,
      `POST ${link('b')}`,
      `POST ${link('c')}`,
    ]);
  });
});
