import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deferred, useStartupTurn } from './Deferred';
import { afterStartupRender, isStartingUp, keepStartupCopy } from './startup-copy';

/** The page copy as main.tsx keeps it: removed from the page, with its parts marked. */
function pageCopy(html: string): Element {
  const copy = document.createElement('div');
  copy.innerHTML = html;
  return copy;
}

/**
 * Runs the queued start-up tasks one timer (one task) at a time until the start-up is over;
 * the page's text after each.
 */
function finishStartup(): string[] {
  const seen: string[] = [];
  for (let turn = 0; turn < 20 && isStartingUp(); turn += 1) {
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    seen.push(document.body.textContent ?? '');
  }
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // A failed test leaves no start-up behind for the next.
  for (let turn = 0; turn < 50 && isStartingUp(); turn += 1) vi.advanceTimersToNextTimer();
  vi.useRealTimers();
});

function DeviceControls() {
  return useStartupTurn() ? <p>controls</p> : null;
}

describe('parts of the page rendered after the start-up render', () => {
  it('render at once when the page had no copy (any render but the start-up one)', () => {
    render(
      <Deferred name="features">
        <p>app features</p>
      </Deferred>,
    );
    expect(screen.getByText('app features')).toBeTruthy();
    expect(isStartingUp()).toBe(false);
  });

  it("show the copy's markup, inert, until their own task, one part per task", () => {
    keepStartupCopy(
      pageCopy(
        '<h1>hero</h1><div data-part="features"><p>copy features</p></div>' +
          '<div data-part="faq"><p>copy faq</p></div>',
      ),
    );
    expect(document.documentElement.hasAttribute('data-starting-up')).toBe(true);
    render(
      <main>
        <h1>hero</h1>
        <Deferred name="features">
          <p>app features</p>
        </Deferred>
        <Deferred name="faq">
          <p>app faq</p>
        </Deferred>
        <DeviceControls />
      </main>,
    );
    const standIn = screen.getByText('copy features').closest('[data-part-pending]');
    expect(standIn?.hasAttribute('inert')).toBe(true);
    expect(screen.getByText('copy faq')).toBeTruthy();
    expect(screen.queryByText('controls')).toBeNull();

    const seen = finishStartup();
    // One part per task: the features first, then the FAQ, then the controls.
    expect(seen[0]).toBe('heroapp featurescopy faq');
    expect(seen[1]).toBe('heroapp featuresapp faq');
    expect(seen[2]).toBe('heroapp featuresapp faqcontrols');
    expect(document.querySelector('[data-part-pending]')).toBeNull();
    expect(document.documentElement.hasAttribute('data-starting-up')).toBe(false);
    expect(isStartingUp()).toBe(false);
  });

  it("render a part's own parts right after it, before the parts that follow it", () => {
    keepStartupCopy(
      pageCopy(
        '<div data-part="page"><h2>copy page</h2>' +
          '<div data-part="tools"><p>copy tools</p></div></div>' +
          '<div data-part="footer"><p>copy footer</p></div>',
      ),
    );
    render(
      <>
        <Deferred name="page">
          <h2>app page</h2>
          <Deferred name="tools">
            <p>app tools</p>
          </Deferred>
        </Deferred>
        <Deferred name="footer">
          <p>app footer</p>
        </Deferred>
      </>,
    );
    expect(document.body.textContent).toBe('copy pagecopy toolscopy footer');
    const seen = finishStartup();
    // The tools' markup came from the page's stand-in, and their turn before the footer's.
    expect(seen.slice(0, 3)).toEqual([
      'app pagecopy toolscopy footer',
      'app pageapp toolscopy footer',
      'app pageapp toolsapp footer',
    ]);
  });

  it('render at once when the copy has no markup for them (a part of another page)', () => {
    keepStartupCopy(pageCopy('<p>another page</p>'));
    render(
      <Deferred name="features">
        <p>app features</p>
      </Deferred>,
    );
    expect(screen.getByText('app features')).toBeTruthy();
    finishStartup();
    expect(isStartingUp()).toBe(false);
  });

  it('end the start-up when a waiting part leaves the page before its turn', () => {
    keepStartupCopy(pageCopy('<div data-part="features"><p>copy</p></div>'));
    const { unmount } = render(
      <Deferred name="features">
        <p>app features</p>
      </Deferred>,
    );
    unmount();
    expect(finishStartup()).toEqual(['']);
    expect(isStartingUp()).toBe(false);
  });

  it('give the other parts their turn when one fails to render', () => {
    keepStartupCopy(pageCopy('<div data-part="a"></div><div data-part="b"></div>'));
    const ran: string[] = [];
    afterStartupRender(() => {
      ran.push('a');
      throw new Error('render failed');
    });
    afterStartupRender(() => ran.push('b'));
    expect(() => vi.advanceTimersToNextTimer()).toThrow('render failed');
    finishStartup();
    expect(ran).toEqual(['a', 'b']);
    expect(isStartingUp()).toBe(false);
  });

  it('run what waits for the parts after every part, even when queued first; a cancelled task never', () => {
    keepStartupCopy(
      pageCopy('<div data-part="page"><div data-part="tools"><p>copy</p></div></div>'),
    );
    const ran: string[] = [];
    afterStartupRender(() => ran.push(document.body.textContent ?? ''), { afterParts: true });
    const cancel = afterStartupRender(() => ran.push('cancelled'));
    cancel();
    render(
      <Deferred name="page">
        <Deferred name="tools">
          <p>app tools</p>
        </Deferred>
      </Deferred>,
    );
    finishStartup();
    expect(ran).toEqual(['app tools']);
  });
});
