import type { ReactNode } from 'react';
import { FormMessage } from '@/components/form';
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

        <FormMessage message={error ? { tone: 'error', text: error } : null} />

        {children}
      </div>
    </section>
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
