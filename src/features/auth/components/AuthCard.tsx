import type { InputHTMLAttributes, ReactNode } from 'react';
import { PendingRouteBanner } from './PendingRouteBanner';
import './auth-page.css';

interface AuthCardProps {
  /** id of the heading, which labels the page's region. */
  titleId: string;
  title: string;
  subtitle?: string;
  /** The form's error message, announced as an alert. */
  error?: string | null;
  children: ReactNode;
}

/** The frame shared by the login and registration pages: heading, pending route, error. */
export function AuthCard({ titleId, title, subtitle, error, children }: AuthCardProps) {
  return (
    <section className="auth-page" aria-labelledby={titleId}>
      <div className="auth-card">
        <h1 id={titleId} className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}

        <PendingRouteBanner />

        {error && (
          <p className="auth-card__error" role="alert">
            {error}
          </p>
        )}

        {children}
      </div>
    </section>
  );
}

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled, required text input of an authentication form. */
export function AuthField({ label, value, onValueChange, ...input }: AuthFieldProps) {
  return (
    <label className="auth-form__field">
      <span>{label}</span>
      <input
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
    </label>
  );
}

/** The form's submit button, busy while the request runs. */
export function AuthSubmit({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** The "or" line between the form and the other ways in. */
export function AuthDivider({ label }: { label: string }) {
  return (
    <div className="auth-card__divider">
      <span>{label}</span>
    </div>
  );
}
