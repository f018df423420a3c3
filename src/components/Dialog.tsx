import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  tone?: 'default' | 'danger';
  title: string;
  description: ReactNode;
  /** Escape, a click outside and the cancel control all call this. */
  onCancel: () => void;
  /** Focused on open; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** More classes for the dialog's panel (a page-sized dialog's layout). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: rendered on top of the page, the rest of the page inert while
 * it is open, focus kept inside (Tab wraps) and given back on close, Escape cancels.
 * Mount it to open it, unmount it to close it.
 */
export function Dialog({
  role = 'dialog',
  tone = 'default',
  title,
  description,
  onCancel,
  initialFocus,
  className,
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const own = backdrop.current;
    // Everything else on the page is out of reach while the dialog is open.
    const inerted = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element !== own && !element.inert,
    );
    for (const element of inerted) element.inert = true;

    const first =
      initialFocus?.current ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel.current;
    first?.focus();

    return () => {
      for (const element of inerted) element.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const firstElement = focusable[0];
    const lastElement = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === firstElement || !panel.current.contains(active))) {
      event.preventDefault();
      lastElement.focus();
    } else if (!event.shiftKey && (active === lastElement || !panel.current.contains(active))) {
      event.preventDefault();
      firstElement.focus();
    }
  };

  return createPortal(
    <div
      ref={backdrop}
      className="dialog-backdrop"
      // A click outside the dialog cancels it (Escape does the same from the keyboard).
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={panel}
        className={['dialog', `dialog--${tone}`, className].filter(Boolean).join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={descriptionId} className="dialog__description">
          {description}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
