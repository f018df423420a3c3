import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete route Paris to Lyon
      </button>
      <a href="/elsewhere">Somewhere else</a>
      {open ? (
        <ConfirmDialog
          title="Delete route"
          message={'Are you sure you want to delete "Paris to Lyon"? This action cannot be undone.'}
          confirmLabel="Delete"
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog', () => {
  const open = () => {
    const opener = screen.getByRole('button', { name: 'Delete route Paris to Lyon' });
    opener.focus();
    fireEvent.click(opener);
    return opener;
  };

  it('is an accessible alert dialog with the message, focus on Cancel, the page behind inert', () => {
    render(<Harness onConfirm={vi.fn()} />);
    open();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete route' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toContain('dialog--danger');
    expect(
      screen
        .getByText('Are you sure you want to delete "Paris to Lyon"? This action cannot be undone.')
        .closest('[id]')?.id,
    ).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    const pageRoot = screen
      .getByRole('link', { name: 'Somewhere else' })
      .closest('body > *') as HTMLElement;
    expect(pageRoot.inert).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness onConfirm={vi.fn()} />);
    open();
    const dialog = screen.getByRole('alertdialog');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    confirm.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('Escape cancels and gives the focus back to the opener', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = open();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
    const pageRoot = opener.closest('body > *') as HTMLElement;
    expect(pageRoot.inert).toBe(false);
  });

  it('Cancel and a click outside close it; Delete confirms', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    open();
    fireEvent.mouseDown(document.querySelector('.dialog-backdrop')!);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    open();
    fireEvent.mouseDown(screen.getByRole('alertdialog'));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
