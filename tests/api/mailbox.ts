// The emails the local stack's Auth really sent, read from the stack (supabase/local/mail.mjs,
// gateway /__test/mail): what a user would find in their mailbox.
import { inject } from 'vitest';

export interface Email {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  /** the first link of the email (Auth's confirmation link) */
  link: string | null;
  sentAt: string;
}

const gateway = () => inject('gatewayUrl');

export async function emailsTo(address: string): Promise<Email[]> {
  const answer = await fetch(`${gateway()}/__test/mail?to=${encodeURIComponent(address)}`);
  if (!answer.ok) throw new Error(`mailbox: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Email[];
}

/** Ages the address's emailed links past Auth's expiry (what an hour's wait would do). */
export async function expireLinks(address: string): Promise<number> {
  const answer = await fetch(`${gateway()}/__test/expire-links`, {
    method: 'POST',
    body: JSON.stringify({ email: address }),
  });
  if (!answer.ok) throw new Error(`expire-links: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { accounts: number }).accounts;
}

/**
 * Opens an emailed Auth link the way a browser would, without following the redirect:
 * the link names SITE_URL (the SPA, which proxies /auth/v1 to the gateway); here it goes
 * straight to the gateway. Returns where Auth sends the browser next.
 */
export async function openLink(link: string): Promise<URL> {
  const url = new URL(link);
  const answer = await fetch(`${gateway()}${url.pathname}${url.search}`, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location)
    throw new Error(`expected a 303 redirect from ${url.pathname}, got ${answer.status}`);
  return new URL(location);
}

/** The parameters Auth put in the redirect's fragment (session or error). */
export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));
