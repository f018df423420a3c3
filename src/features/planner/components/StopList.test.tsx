import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { createTimeFormat } from '@/lib/day-plan';
import type { PlannedStop } from '../model/stop-list';
import { StopList } from './StopList';

const stops: PlannedStop[] = [
  { id: 'stop-1', name: 'Paris, France', lat: 48.8535, lng: 2.3484 },
  { id: 'stop-2', name: 'Lyon, France', lat: 45.7578, lng: 4.832, note: 'Door code 4521' },
];

function renderList(overrides: Partial<Parameters<typeof StopList>[0]> = {}) {
  const props = {
    stops,
    highlightedIndex: -1,
    onShow: vi.fn(),
    onMove: vi.fn(),
    onRemove: vi.fn(),
    onNoteChange: vi.fn(),
    ...overrides,
  };
  const view = render(<StopList {...props} />);
  return { ...props, ...view };
}

describe('StopList notes', () => {
  it('shows a note under its stop and offers to add or edit one', () => {
    renderList();
    expect(screen.getByText('Door code 4521')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Add a note to stop 1' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(screen.getByRole('button', { name: 'Edit the note of stop 2' })).toBeTruthy();
    // The note describes the stop's main button for screen readers.
    const show = screen.getByRole('button', { name: /^Show stop 2 on the map/ });
    expect(show.getAttribute('aria-describedby')).toContain('stop-note-stop-2');
  });

  it('edits a note in place: typing reports each change by stop id, Done and Escape close it', () => {
    const { onNoteChange, rerender } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Add a note to stop 1' }));
    const textarea = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note for stop 1' });
    expect(document.activeElement).toBe(textarea);
    expect(textarea.maxLength).toBe(1000);
    fireEvent.change(textarea, { target: { value: 'Ring twice' } });
    expect(onNoteChange).toHaveBeenCalledWith('stop-1', 'Ring twice');

    rerender(
      <StopList
        stops={[{ ...stops[0], note: 'Ring twice' }, stops[1]]}
        highlightedIndex={-1}
        onShow={vi.fn()}
        onMove={vi.fn()}
        onRemove={vi.fn()}
        onNoteChange={onNoteChange}
      />,
    );
    expect(screen.getByText('10 of 1000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Note for stop 1' })).toBeNull();
    expect(screen.getByText('Ring twice')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit the note of stop 1' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit the note of stop 2' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note for stop 2' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Note for stop 2' })).toBeNull();
  });

  it('offers no note editing without onNoteChange', () => {
    renderList({ onNoteChange: undefined });
    expect(screen.queryByRole('button', { name: 'Add a note to stop 1' })).toBeNull();
    expect(screen.getByText('Door code 4521')).toBeTruthy();
  });
});

describe('StopList moves', () => {
  it('moves by Alt+Arrow and by the buttons, and removes', () => {
    const { onMove, onRemove } = renderList();
    act(() => {
      fireEvent.keyDown(screen.getByRole('button', { name: /^Show stop 1 on the map/ }), {
        key: 'ArrowDown',
        altKey: true,
      });
    });
    expect(onMove).toHaveBeenCalledWith(0, 1);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Show stop 1 on the map/ }), {
      key: 'ArrowUp',
      altKey: true,
    });
    expect(onMove).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move stop 2 up' }));
    expect(onMove).toHaveBeenLastCalledWith(1, 0);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Move stop 2 down' }).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove stop 1: Paris, France' }));
    expect(onRemove).toHaveBeenCalledWith(0);
  });
});

describe('StopList renaming and leg distances', () => {
  it('renames a stop in the edit panel: each non-blank name is reported, a blank one is not', () => {
    const onRename = vi.fn();
    renderList({ onRename });
    fireEvent.click(screen.getByRole('button', { name: 'Edit stop 1: name and note' }));
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name of stop 1' });
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Paris, France');
    fireEvent.change(name, { target: { value: 'Bakery' } });
    expect(onRename).toHaveBeenLastCalledWith('stop-1', 'Bakery');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(onRename).toHaveBeenCalledTimes(1);
    // The note stays editable in the same panel.
    expect(screen.getByRole('textbox', { name: 'Note for stop 1' })).toBeTruthy();
  });

  it('says how far each stop is from the one before, once the route is calculated', () => {
    renderList({ legDistances: [null, '289 mi'] });
    expect(screen.getByText('289 mi from stop 1')).toBeTruthy();
    expect(screen.queryByText(/from stop 0/)).toBeNull();
  });

  it('gives a screen reader the leg distance as the stop button’s description, once known', () => {
    const description = (name: RegExp) =>
      (screen.getByRole('button', { name }).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
    const { rerender, container: _, ...props } = renderList();
    // Before the route is calculated the (empty) line is no part of the description.
    expect(
      screen.getByRole('button', { name: /^Show stop 2/ }).getAttribute('aria-describedby'),
    ).not.toMatch(/stop-leg-/);
    rerender(<StopList {...props} legDistances={[null, '289 mi']} />);
    expect(description(/^Show stop 2/)).toContain('289 mi from stop 1');
    expect(description(/^Show stop 1/).some((text) => /from stop/.test(text))).toBe(false);
  });

  it('keeps the line of a leg distance before it is known, so the buttons below do not move', () => {
    const legLines = (container: HTMLElement) =>
      [...container.querySelectorAll('.stop-list > li')].map(
        (row) => row.querySelectorAll('.stop-item__leg').length,
      );
    const { container, rerender, ...props } = renderList();
    // Every stop after the first has its (empty) line while the route is being calculated.
    expect(legLines(container)).toEqual([0, 1]);
    expect(container.querySelectorAll('.stop-item__leg')[0].textContent).toBe('\u00a0');
    rerender(<StopList {...props} legDistances={[null, '289 mi']} />);
    expect(legLines(container)).toEqual([0, 1]);
    expect(screen.getByText('289 mi from stop 1')).toBeTruthy();
  });
});

describe('StopList, a long (virtual) list', () => {
  /**
   * The row's main button, by the stop it shows (its number changes with the moves): its label
   * read directly, as getByRole works out every button's name of sixty rows on each call.
   */
  const show = (name: string) => {
    const label = new RegExp(`^Show stop \\d+ on the map: ${name}$`);
    const found = [...document.querySelectorAll<HTMLButtonElement>('.stop-item__show')].filter(
      (button) => label.test(button.getAttribute('aria-label') ?? ''),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };
  const many: PlannedStop[] = Array.from({ length: 60 }, (_, i) => ({
    id: `stop-${i + 1}`,
    name: `Stop ${i + 1}`,
    lat: 48 + i / 100,
    lng: 2 + i / 100,
  }));
  /** A long list, once its virtual rows (loaded with the first long list) are in the page. */
  const renderLong = async (overrides: Partial<Parameters<typeof StopList>[0]>) => {
    const view = renderList(overrides);
    await waitFor(() =>
      expect(view.container.querySelector('.stop-list--virtual[style]')).toBeTruthy(),
    );
    return view;
  };
  const rows = (container: HTMLElement) => [...container.querySelectorAll('.stop-list > li')];
  // jsdom lays nothing out: a viewport of 600 px lets the virtualizer put a dozen rows in the page.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a reordered route in the rows already in the page instead of mounting new ones', async () => {
    const { container, rerender, ...props } = await renderLong({ stops: many });
    const before = rows(container);
    expect(before.length).toBeGreaterThan(0);
    expect(before[0].textContent).toContain('Stop 1');
    const reversed = [...many].reverse();
    rerender(<StopList {...props} stops={reversed} />);
    const after = rows(container);
    // The same elements, each now showing the stop at its place.
    expect(after).toEqual(before);
    expect(after[0].textContent).toContain('Stop 60');
    expect(screen.getByRole('button', { name: /^Show stop 1 on the map: Stop 60$/ })).toBe(
      after[0].querySelector('.stop-item__show'),
    );
  });

  it('moves the focus with a stop moved by Alt+Arrow, up and down, although the rows stay in place', async () => {
    // The parent applies each move (as the planner does) and the list renders it.
    let order = many;
    const onMove = vi.fn((from: number, to: number) => {
      const next = [...order];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      order = next;
      rerender(<StopList {...props} stops={order} />);
    });
    const { rerender, ...props } = await renderLong({ stops: many, onMove });
    show('Stop 3').focus();
    fireEvent.keyDown(show('Stop 3'), { key: 'ArrowUp', altKey: true });
    expect(document.activeElement).toBe(show('Stop 3'));
    expect(show('Stop 3').getAttribute('aria-label')).toMatch(/^Show stop 2 /);
    fireEvent.keyDown(show('Stop 3'), { key: 'ArrowUp', altKey: true });
    expect(document.activeElement).toBe(show('Stop 3'));
    fireEvent.keyDown(show('Stop 3'), { key: 'ArrowDown', altKey: true });
    expect(document.activeElement).toBe(show('Stop 3'));
    expect(show('Stop 3').getAttribute('aria-label')).toMatch(/^Show stop 2 /);
  });

  it('waits for the move itself: a render in between does not settle the focus on the old row', async () => {
    // The planner applies a move in a later render; meanwhile the list may render for another
    // reason (the virtual list's resize observer) with the stops still in their old order.
    let pendingMove: [number, number] | null = null;
    const onMove = vi.fn((from: number, to: number) => void (pendingMove = [from, to]));
    const { rerender, ...props } = await renderLong({ stops: many, onMove });
    show('Stop 3').focus();
    fireEvent.keyDown(show('Stop 3'), { key: 'ArrowUp', altKey: true });
    expect(pendingMove).toEqual([2, 1]);
    rerender(<StopList {...props} stops={many} highlightedIndex={0} />);
    const moved = [many[0], many[2], many[1], ...many.slice(3)];
    rerender(<StopList {...props} stops={moved} highlightedIndex={0} />);
    expect(document.activeElement).toBe(show('Stop 3'));
    expect(show('Stop 3').getAttribute('aria-label')).toMatch(/^Show stop 2 /);
  });

  /** Stop 3 asked to move up (the planner, not changing `stops`, refuses), then a control outside the list focused. */
  const refuseMoveThenFocusOutside = async (tag: 'input' | 'button') => {
    const { rerender, ...props } = await renderLong({ stops: many });
    show('Stop 3').focus();
    fireEvent.keyDown(show('Stop 3'), { key: 'ArrowUp', altKey: true });
    const outside = document.createElement(tag);
    document.body.append(outside);
    outside.focus();
    return { rerender, props, outside };
  };

  it('forgets a move the planner refused: a later change of the stops keeps the focus where it is', async () => {
    const { rerender, props, outside } = await refuseMoveThenFocusOutside('input');
    rerender(<StopList {...props} stops={[...many, { id: 'new', name: 'New', lat: 1, lng: 1 }]} />);
    rerender(<StopList {...props} stops={[many[0], many[2], many[1], ...many.slice(3)]} />);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('forgets a move the planner refused when a later change shifts the stop: the focus stays outside', async () => {
    const { rerender, props, outside } = await refuseMoveThenFocusOutside('button');
    // Stop 1 removed from the map: stop 3 moves up one place, not by the refused move.
    rerender(<StopList {...props} stops={many.slice(1)} />);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('leaves the focus alone when the stop whose editor is open lands in another row', async () => {
    const { container, rerender, ...props } = await renderLong({ stops: many, onRename: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Edit stop 2: name and note' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name of stop 2' }));
    // The route is reordered from elsewhere (the optimiser's button has the focus): stop 2 and
    // its open editor now show in the first row, which does not take the focus.
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    rerender(<StopList {...props} stops={[many[1], many[0], ...many.slice(2)]} />);
    expect(rows(container)[0].querySelector('input')?.value).toBe('Stop 2');
    expect(rows(container)[1].querySelector('input')).toBeNull();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});

describe('StopList labels', () => {
  it('follow the stops and the interface language', async () => {
    const { rerender, container: _, ...props } = renderList();
    expect(screen.getByRole('button', { name: 'Move stop 2 up' })).toBeTruthy();
    rerender(<StopList {...props} stops={[stops[1], stops[0]]} />);
    expect(
      screen.getByRole('button', { name: /^Show stop 1 on the map: Lyon, France$/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove stop 2: Paris, France' })).toBeTruthy();
    try {
      await act(() => i18n.changeLanguage('fr'));
      expect(screen.getByRole('button', { name: "Monter l'arrêt 2" })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Move stop 2 up' })).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    expect(screen.getByRole('button', { name: 'Move stop 2 up' })).toBeTruthy();
  });
});

describe('StopList rows', () => {
  it('shows a stop’s own window and time at the stop once it has them, before any departure', () => {
    renderList({
      stops: [
        stops[0],
        { ...stops[1], window: { start: '09:00', end: '12:00' }, serviceMinutes: 10 },
      ],
      timeFormat: createTimeFormat('en', 'en-US', 'UTC'),
    });
    const lines = screen.getAllByTestId('stop-day-fields');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Window 9:00 AM–12:00 PM · 10m at the stop',
    ]);
  });

  it('keeps the less used buttons of a row behind “More actions” (opened on a phone)', () => {
    const { onMove } = renderList();
    const more = screen.getByRole('button', { name: 'More actions for stop 2' });
    const tools = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(tools.className).not.toContain('stop-item__tools--open');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(tools.className).toContain('stop-item__tools--open');
    fireEvent.click(screen.getByRole('button', { name: 'Move stop 2 up' }));
    expect(onMove).toHaveBeenCalledWith(1, 0);
    // Remove stays beside the name, outside the menu.
    expect(tools.contains(screen.getByRole('button', { name: /^Remove stop 2/ }))).toBe(false);
  });

  it('closes the “More actions” menu on a click or tap outside it, not on one inside it', () => {
    renderList();
    const more = screen.getByRole('button', { name: 'More actions for stop 2' });
    fireEvent.click(more);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Move stop 2 down' }));
    expect(more.getAttribute('aria-expanded')).toBe('true');
    // Its own button toggles it: a press there is no press outside.
    fireEvent.pointerDown(more);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(more);
    fireEvent.pointerDown(screen.getByText('Door code 4521'));
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)!.className).not.toContain(
      'stop-item__tools--open',
    );
    // Another row's "⋯": that row's menu opens, this one stays closed.
    fireEvent.click(more);
    const first = screen.getByRole('button', { name: 'More actions for stop 1' });
    fireEvent.pointerDown(first);
    fireEvent.click(first);
    expect([first, more].map((button) => button.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
    ]);
  });

  it('closes the “More actions” menu with Escape wherever the focus is', () => {
    renderList();
    const more = screen.getByRole('button', { name: 'More actions for stop 2' });
    fireEvent.click(more);
    // A tap does not focus the button in Safari: Escape reaches the page.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it('closes the “More actions” menu with Escape inside it, the focus back on its button', () => {
    renderList();
    const more = screen.getByRole('button', { name: 'More actions for stop 2' });
    fireEvent.click(more);
    const down = screen.getByRole('button', { name: 'Move stop 2 down' });
    down.focus();
    fireEvent.keyDown(down, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)!.className).not.toContain(
      'stop-item__tools--open',
    );
    expect(document.activeElement).toBe(more);
    // Closed, Escape on the button does nothing more; the menu opens again.
    fireEvent.keyDown(more, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });
});
