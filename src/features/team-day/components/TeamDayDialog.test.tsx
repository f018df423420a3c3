import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { forgetRoadTables } from '@/lib/routing';
import { renderWithProviders } from '@/test/render';
import { TeamDayDialog } from './TeamDayDialog.tsx';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

// jsdom has no Web Worker: the fake answers with the real protocol handler.
vi.mock('@/lib/optimizer/create-worker.ts', async () => {
  const { FakeOptimizeWorker } = await import('@/test/fake-optimize-worker.ts');
  return { createOptimizeWorker: () => new FakeOptimizeWorker() };
});

// Leaflet needs a laid-out page: the map is the e2e tests' to check; here it says what it got.
vi.mock('./TeamMap.tsx', () => ({
  TeamMap: ({
    drivers,
    pins,
  }: {
    drivers: { served: number[] }[] | null;
    pins: { text: string }[];
  }) => (
    <p data-testid="team-map" data-pins={pins.map((pin) => pin.text).join(' ')}>
      {drivers ? drivers.map((driver) => driver.served.join('-')).join(' | ') : 'stops only'}
    </p>
  ),
}));

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};

/** A depot with two stops west and two east of it (the table: 10 minutes, 10 km a step). */
const position = [0, -1, -2, 1, 2];
const stops: Stop[] = [
  { name: 'Depot', lat: 48.85, lng: 2.35 },
  { name: 'West 1', lat: 48.85, lng: 2.34 },
  { name: 'West 2', lat: 48.85, lng: 2.33, window: { start: '08:00', end: '09:00' } },
  { name: 'East 1', lat: 48.85, lng: 2.36, note: 'Ring twice' },
  { name: 'East 2', lat: 48.85, lng: 2.37 },
];
const matrix = (step: number) =>
  position.map((from) => position.map((to) => step * Math.abs(from - to)));

let created: { title: string; day_group: string; stops: Stop[]; day_plan: DayPlan }[];
/** While set, creating an itinerary waits for it (a slow network). */
let saveGate: Promise<void> | null;
/** While set, the route service answers nothing (503). */
let routeServiceDown: boolean;
/** While set, a block of the road table waits for it. */
let blockGate: Promise<void> | null;

beforeEach(() => {
  localStorage.clear();
  created = [];
  saveGate = null;
  routeServiceDown = false;
  blockGate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (routeServiceDown && url.startsWith('/api/routes/')) {
        return Response.json({ error: 'unavailable' }, { status: 503 });
      }
      if (key === 'GET /api/routes/limits') {
        return Response.json({ tableMaxCoordinates: 100, upstreamIntervalMs: 1100 });
      }
      // The five places are one block of the road table, in the order they are sent.
      if (key === 'POST /api/routes/table/block') {
        if (blockGate) await blockGate;
        const { sources } = JSON.parse(String(init?.body)) as { sources: Stop[] };
        const at = sources.map((place) => stops.findIndex((stop) => stop.lng === place.lng));
        const block = (step: number) => at.map((i) => at.map((j) => matrix(step)[i][j]));
        return Response.json({ distances: block(10_000), durations: block(600), estimated: false });
      }
      if (key === 'POST /api/routes/legs') {
        return Response.json({ error: 'unavailable' }, { status: 400 });
      }
      if (key === 'POST /api/itineraries') {
        if (saveGate) await saveGate;
        const body = JSON.parse(String(init?.body));
        created.push(body);
        return Response.json(
          { ...body, id: `id-${created.length}`, created_at: '2030-03-01T10:00:00Z' },
          { status: 201 },
        );
      }
      if (key === 'POST /api/itineraries/id-2/share') {
        return Response.json({ shareUrl: 'http://localhost/share/token-2', includeNotes: false });
      }
      return Response.json({ error: 'not found' }, { status: 404 });
    }),
  );
});

function renderDialog(signedIn = true, onWaze = vi.fn(), day = { stops, plan: PLAN }) {
  renderWithProviders(
    <TeamDayDialog
      stops={day.stops}
      plan={day.plan}
      title="Monday"
      signedIn={signedIn}
      onWaze={onWaze}
      onClose={vi.fn()}
    />,
    { path: '/plan' },
  );
  return { onWaze };
}

async function splitInTwo() {
  fireEvent.change(screen.getByLabelText('Number of drivers'), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Split' }));
  await waitFor(() => expect(screen.getByText('Split done: 2 drivers have stops.')).toBeDefined(), {
    timeout: 15_000,
  });
}

describe('<TeamDayDialog>', () => {
  it('checks the form: 2 to 20 drivers, limits as whole numbers, times of day', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Split the day among drivers' })).toBeDefined();
    expect(screen.getByText(/^Departs Mon, Mar 4, 8:00\sAM$/)).toBeDefined();
    // The balanced day unless the dispatcher chooses otherwise.
    expect(screen.getByLabelText<HTMLInputElement>('Everyone finishing early').checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Most stops for driver 1 (optional)'), {
      target: { value: '0' },
    });
    fireEvent.change(screen.getByLabelText('Driver 2 starts at'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText("End of driver 2's shift (optional)"), {
      target: { value: '08:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByText('Enter a whole number above 0, or leave it empty.')).toBeDefined();
    expect(screen.getByText('The shift must end after the driver starts.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Number of drivers'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByText('Choose from 2 to 20 drivers.')).toBeDefined();
    expect(screen.getByLabelText('Number of drivers').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('team-map').textContent).toBe('stops only');
  });

  it('splits the stops, one arm per driver, with their times, and saves one route per driver', async () => {
    const { onWaze } = renderDialog();
    await splitInTwo();

    expect(screen.getByTestId('team-map').textContent).toMatch(
      /^[12]-[12] \| [34]-[34]$|^[34]-[34] \| [12]-[12]$/,
    );
    const cards = screen.getAllByTestId('team-driver');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: /Driver 1/ })).toBeDefined();
    // As My Routes will count the saved route: the depot and its two stops.
    expect(first.getByText('3 stops')).toBeDefined();
    expect(first.getByLabelText<HTMLInputElement>("Title of driver 1's route").value).toBe(
      'Monday — Driver 1',
    );
    // Leaving the depot at 08:00; 10 minutes to the first stop, 5 there.
    const list = first.getByRole('list', { name: 'Stops of driver 1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list.textContent).toMatch(/Depot.*Leave 8:00 AM/);
    expect(list.textContent).toMatch(/Arrive 8:10 AM · Leave 8:15 AM/);
    // Back to the depot: 10 + 5 + 10 + 5 + 20 minutes.
    expect(first.getByTestId('driver-totals').textContent).toBe(
      '40 km · driving 40m · finishes 8:50 AM',
    );

    fireEvent.change(within(cards[1]).getByLabelText("Title of driver 2's route"), {
      target: { value: 'Monday, east side' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(screen.getByText('2 routes saved, one per driver.')).toBeDefined());
    expect(created.map((route) => route.title)).toEqual(['Monday — Driver 1', 'Monday, east side']);
    expect(created[0].day_group).toMatch(/^[0-9a-f-]{36}$/);
    expect(created[1].day_group).toBe(created[0].day_group);
    expect(created[0].day_plan).toEqual({ ...PLAN, end: 'start' });
    expect(created.every((route) => route.stops[0].name === 'Depot')).toBe(true);
    expect(
      created.flatMap((route) => route.stops).find((stop) => stop.name === 'East 1')?.note,
    ).toBe('Ring twice');
    expect(screen.getByRole('link', { name: 'My Routes' }).getAttribute('href')).toBe('/dashboard');

    // Each saved route: its navigation page, its Waze hand-off, its share link.
    const second = within(screen.getAllByTestId('team-driver')[1]);
    expect(
      second
        .getByRole('link', { name: 'Open the navigation page of Monday, east side' })
        .getAttribute('href'),
    ).toBe('/waze-route/id-2');
    fireEvent.click(second.getByRole('button', { name: 'Start Monday, east side in Waze' }));
    expect(onWaze).toHaveBeenCalledWith(stops[created[1].stops[1].name === 'East 1' ? 3 : 1]);
    fireEvent.click(second.getByRole('button', { name: 'Share link of Monday, east side' }));
    await waitFor(() =>
      expect(
        second.getByRole<HTMLInputElement>('textbox', { name: 'Share link of Monday, east side' })
          .value,
      ).toBe('http://localhost/share/token-2'),
    );
  });

  it('moves a stop to another driver, works out both days again, and saves it there', async () => {
    renderDialog();
    await splitInTwo();
    const cardOf = (number: number) =>
      screen
        .getAllByTestId('team-driver')
        .find((card) =>
          within(card).queryByRole('heading', { name: new RegExp(`Driver ${number}`) }),
        )!;
    const west = within(cardOf(1)).queryByText('West 1') ? 1 : 2;
    const east = 3 - west;
    fireEvent.click(
      within(cardOf(west)).getByRole('button', { name: 'Move West 1 to another driver' }),
    );
    const choice = screen.getByRole('group', { name: 'Move West 1 to' });
    // The other drivers only.
    expect(
      within(choice)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([`Driver ${east}`]);
    fireEvent.click(within(choice).getByRole('button', { name: `Driver ${east}` }));
    expect(within(cardOf(west)).queryByText('West 1')).toBeNull();
    expect(within(cardOf(east)).getByText('West 1')).toBeDefined();
    // The east driver now drives out west too: a longer day, worked out again.
    expect(within(cardOf(east)).getByText('4 stops')).toBeDefined();
    // Focus follows the stop to its new driver, once the move is on the screen.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(cardOf(east)).getByRole('button', { name: 'Move West 1 to another driver' }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(screen.getByText('2 routes saved, one per driver.')).toBeDefined());
    const saved = created.find((route) => route.stops.some((stop) => stop.name === 'East 1'))!;
    expect(saved.stops.map((stop) => stop.name)).toContain('West 1');
    // A saved split stays as saved.
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('says it compared straight lines, and why, when the route service does not answer', async () => {
    routeServiceDown = true;
    // The page keeps the blocks an earlier split asked for: forgotten, they are asked again.
    forgetRoadTables();
    renderDialog();
    await splitInTwo();
    expect(
      screen.getByText(
        'Compared by straight-line travel times at 50 km/h: the route service did not answer.',
      ),
    ).toBeDefined();
  });

  it('says how the road times are coming while the split waits for them', async () => {
    forgetRoadTables();
    let release = () => {};
    blockGate = new Promise((resolve) => {
      release = resolve;
    });
    renderDialog();
    fireEvent.change(screen.getByLabelText('Number of drivers'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect((await screen.findByText('Road times: 0 of 1 blocks…')).getAttribute('role')).toBe(
      'status',
    );
    release();
    await waitFor(
      () => expect(screen.getByText('Split done: 2 drivers have stops.')).toBeDefined(),
      { timeout: 15_000 },
    );
    expect(screen.getByText('Compared by road travel times.')).toBeDefined();
  });

  it('asks a signed-out user to sign in to save', async () => {
    renderDialog(false);
    await splitInTwo();
    expect(screen.getByText(/Sign in to save the drivers' routes\./)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save all' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fplan',
    );
  });

  it('keeps the split and its form as they are while Save all runs', async () => {
    renderDialog();
    await splitInTwo();
    let release = () => {};
    saveGate = new Promise((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    expect(
      screen.getByRole('button', { name: "Saving the drivers' routes: 0 of 2…" }),
    ).toBeDefined();

    // Another split now would show this save's results on other drivers.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Split' }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Number of drivers').disabled).toBe(true);
    expect(screen.getByLabelText('Everyone finishing early').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Name of driver 1 (optional)').disabled).toBe(
      true,
    );

    release();
    await waitFor(() => expect(screen.getByText('2 routes saved, one per driver.')).toBeDefined());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Split' }).disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Number of drivers').disabled).toBe(false);
  });

  it('drivers not starting at the depot: the card shows the times the optimiser planned', async () => {
    // West 2 opens 10:00-11:00, 30 minutes there, and comes first for whoever serves it.
    const own = stops.map((stop) =>
      stop.name === 'West 2'
        ? {
            ...stop,
            window: { start: '10:00', end: '11:00' },
            serviceMinutes: 30,
            lock: 'first' as const,
          }
        : stop,
    );
    renderDialog(true, vi.fn(), { stops: own, plan: { ...PLAN, end: 'start' } });
    fireEvent.change(screen.getByLabelText('Number of drivers'), { target: { value: '2' } });
    for (const number of [1, 2]) {
      fireEvent.change(screen.getByLabelText(`Where driver ${number}'s day starts`), {
        target: { value: 'first-stop' },
      });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(screen.getByText(/^Split done:/)).toBeDefined(), {
      timeout: 15_000,
    });

    const card = screen
      .getAllByTestId('team-driver')
      .find((section) => section.textContent.includes('West 2'))!;
    const items = within(card).getAllByRole('listitem');
    // At West 2 when its window opens (not at 08:00 to wait), leaving after 30 minutes.
    // (and its button to move it to another driver)
    expect(items[0].textContent).toBe('1West 2Arrive 10:00 AM · Leave 10:30 AMMove');
    // Back where the day started is no drive back to West 2 (nothing to go back to): the day
    // ends when the driver leaves the last stop, and no pin stands for a place of their own.
    const lastLeave = /Leave (\d+:\d+\sAM)(?:Move)?$/.exec(items.at(-1)!.textContent)![1];
    expect(within(card).getByTestId('driver-totals').textContent).toMatch(
      new RegExp(`finishes ${lastLeave}$`),
    );
    expect(screen.getByTestId('team-map').dataset.pins).not.toMatch(/⌂/);

    // Saved, the route leaves West 2 when planned and ends at its last stop.
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(screen.getByText(/routes? saved/)).toBeDefined());
    const saved = created.find((route) => route.stops[0].name === 'West 2')!;
    expect(saved.day_plan).toEqual({
      ...PLAN,
      departure: '2030-03-04T10:30+01:00',
      end: 'last-stop',
    });
  });

  it('a driver’s capacity limits their stops by the stops’ loads, and is kept for next time', async () => {
    // West, together 4 (3 + 1 without a load): more than driver 1 takes. East 2's 20 fits nobody.
    const loaded = stops.map((stop) =>
      stop.name === 'West 1'
        ? { ...stop, load: 3 }
        : stop.name === 'East 1'
          ? { ...stop, load: 2 }
          : stop.name === 'East 2'
            ? { ...stop, load: 20 }
            : stop,
    );
    renderDialog(true, vi.fn(), { stops: loaded, plan: PLAN });
    fireEvent.change(screen.getByLabelText('Capacity of driver 1 (optional)'), {
      target: { value: '3' },
    });
    fireEvent.change(screen.getByLabelText('Capacity of driver 2 (optional)'), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(screen.getByText(/^Split done:/)).toBeDefined(), {
      timeout: 15_000,
    });

    expect(screen.getByTestId('unassigned-stops').textContent).toBe(
      "East 2: its load does not fit in any driver's capacity",
    );
    const [first, second] = screen.getAllByTestId('team-driver').map((card) => within(card));
    const taken = (card: typeof first) =>
      Number(/^Load (\d+) of/.exec(card.getByTestId('driver-load').textContent)![1]);
    expect(first.getByTestId('driver-load').textContent).toMatch(/^Load \d of 3$/);
    expect(taken(first)).toBeLessThanOrEqual(3);
    expect(taken(first) + taken(second)).toBe(6);
    // Without the capacity both west stops would be driver 1's: now they are not together.
    const westOf = (card: typeof first) => card.queryAllByText(/^West/).length;
    expect(westOf(first)).toBeLessThan(2);

    cleanup();
    renderDialog();
    expect(screen.getByLabelText<HTMLInputElement>('Capacity of driver 1 (optional)').value).toBe(
      '3',
    );
  });

  it('names the drivers and their start times, and keeps the team on the device for next time', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Name of driver 1 (optional)'), {
      target: { value: 'Alice' },
    });
    fireEvent.change(screen.getByLabelText('Driver 2 starts at'), { target: { value: '09:00' } });
    await splitInTwo();
    const cards = screen.getAllByTestId('team-driver');
    expect(within(cards[0]).getByRole('heading', { name: /Alice \(driver 1\)/ })).toBeDefined();
    expect(
      within(cards[0]).getByLabelText<HTMLInputElement>("Title of driver 1's route").value,
    ).toBe('Monday — Alice');
    // Driver 2 leaves the depot at 09:00, not at the day's departure.
    const second = within(cards[1]).getByRole('list', { name: 'Stops of driver 2' });
    expect(within(second).getAllByRole('listitem')[0].textContent).toMatch(/Leave 9:00 AM$/);

    // The next day's split starts from this team.
    cleanup();
    renderDialog();
    expect(screen.getByLabelText<HTMLInputElement>('Name of driver 1 (optional)').value).toBe(
      'Alice',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Driver 2 starts at').value).toBe('09:00');
  });
});
