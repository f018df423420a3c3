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

  it("find a nested part's markup in the outer part's stand-in", () => {
    keepStartupCopy(
      pageCopy(
        '<div data-part="page"><h2>copy page</h2>' +
          '<div data-part="tools"><p>copy tools</p></div></div>',
      ),
    );
    render(
      <Deferred name="page">
        <h2>app page</h2>
        <Deferred name="tools">
          <p>app tools</p>
        </Deferred>
      </Deferred>,
    );
    expect(document.body.textContent).toBe('copy pagecopy tools');
    const seen = finishStartup();
    expect(seen[0]).toBe('app pagecopy tools');
    expect(seen[1]).toBe('app pageapp tools');
  });

  it('show nothing in their place when the copy lacks them, then their content', () => {
    keepStartupCopy(pageCopy('<p>another page</p>'));
    render(
      <Deferred name="features">
        <p>app features</p>
      </Deferred>,
    );
    expect(document.body.textContent).toBe('');
    finishStartup();
    expect(screen.getByText('app features')).toBeTruthy();
  });

  it('run a task queued after the parts once they have rendered; a cancelled one never', () => {
    keepStartupCopy(pageCopy('<div data-part="features"><p>copy</p></div>'));
    render(
      <Deferred name="features">
        <p>app features</p>
      </Deferred>,
    );
    const ran: string[] = [];
    afterStartupRender(() => ran.push(document.body.textContent ?? ''));
    const cancel = afterStartupRender(() => ran.push('cancelled'));
    cancel();
    finishStartup();
    expect(ran).toEqual(['app features']);
  });
});
