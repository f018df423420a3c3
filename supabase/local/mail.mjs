// How the local stack delivers Auth's emails (password reset, email change, sign-up
// confirmation): with no mail account at all. @supabase/lite renders each email and hands it
// to the mail driver given here:
// - by default it is printed to the console of `npm start` (recipient, subject and the link);
// - with SMTP_URL it goes out through that SMTP server (lite's SmtpEmailDriver, Nodemailer),
//   e.g. smtp://localhost:1025 for a local Mailpit, smtps://user:pass@smtp.example.com;
// - with `capture` (the tests' stacks) the last messages are also kept in memory, and the
//   gateway shows them to the tests (gateway.mjs, /__test/mail): tests read the email the
//   stack really produced, not a mock.
import { SmtpEmailDriver } from '@supabase/lite';

const KEPT_MESSAGES = 500;
const DEFAULT_FROM = 'Route Planner <no-reply@localhost>';

/**
 * The first http(s) link of a text (lite's plain-text bodies hold the confirmation link).
 * @param {string | undefined} text
 * @returns {string | null}
 */
export function firstLink(text) {
  const match = /https?:\/\/[^\s"'<>]+/.exec(text ?? '');
  return match ? match[0].replaceAll('&amp;', '&') : null;
}

/**
 * SMTP_URL → SmtpEmailDriver options: smtp://[user[:pass]@]host[:port] (STARTTLS when the
 * server offers it; required when credentials are given) or smtps://... (TLS from the start,
 * port 465 by default). `?tls=off` allows credentials over a plain connection (a local test
 * server only). Throws a message naming SMTP_URL, never showing the password.
 * @param {string} smtpUrl
 * @param {string} [from]
 * @returns {import('@supabase/lite').SmtpEmailDriverOptions}
 */
export function smtpOptions(smtpUrl, from = DEFAULT_FROM) {
  let url;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  const secure = url.protocol === 'smtps:';
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const pass = url.password ? decodeURIComponent(url.password) : undefined;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { user } : {}),
    ...(pass ? { pass } : {}),
    ...(url.searchParams.get('tls') === 'off' ? { requireTls: false } : {}),
    from: parseFrom(from),
    timeoutMs: 15_000,
  };
}

/**
 * "Name <address>" or a bare address, as Nodemailer wants it.
 * @param {string} text
 * @returns {import('@supabase/lite').SmtpAddress}
 */
function parseFrom(text) {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(text);
  return match ? { name: match[1].replace(/^"|"$/g, ''), address: match[2] } : text.trim();
}

/**
 * The block `npm start` prints for each email (recipient, subject, link).
 * @param {import('@supabase/lite').EmailMessage} message
 */
export function consoleBlock(message) {
  const link = firstLink(message.text) ?? firstLink(message.html);
  return [
    '',
    '  ── Email (printed here, not sent; set SMTP_URL to send real mail) ──',
    `  To:       ${message.to}`,
    `  Subject:  ${message.subject}`,
    `  Link:     ${link ?? '(none)'}`,
    '',
  ].join('\n');
}

/**
 * @param {{smtpUrl?: string, smtpFrom?: string, capture?: boolean, quiet?: boolean,
 *          log?: (line: string) => void}} options
 */
export function createMailer({ smtpUrl, smtpFrom, capture = false, quiet = false, log }) {
  const print = log ?? ((line) => console.log(line));
  const smtp = smtpUrl ? new SmtpEmailDriver(smtpOptions(smtpUrl, smtpFrom)) : null;
  /** @type {{to: string, subject: string, text?: string, html?: string, link: string | null, sentAt: string}[]} */
  const kept = [];

  /** @type {import('@supabase/lite').EmailDriver} */
  const driver = {
    async send(message) {
      if (capture) {
        kept.push({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          link: firstLink(message.text) ?? firstLink(message.html),
          sentAt: new Date().toISOString(),
        });
        if (kept.length > KEPT_MESSAGES) kept.splice(0, kept.length - KEPT_MESSAGES);
      }
      if (smtp) {
        await smtp.send(message);
        if (!quiet) print(`  Email sent through SMTP_URL to ${message.to}: ${message.subject}`);
      } else if (!quiet) {
        print(consoleBlock(message));
      }
    },
  };

  return {
    driver,
    /** How emails leave this stack, for the start-up summary. */
    describe: () =>
      smtp && smtpUrl
        ? `sent through SMTP_URL (${new URL(smtpUrl).hostname})`
        : 'printed in this console (set SMTP_URL to send them)',
    /**
     * Captured messages (capture only), oldest first; `to` filters by recipient.
     * @param {string | null} [to]
     */
    messages: (to) =>
      kept.filter((message) => !to || message.to.toLowerCase() === String(to).toLowerCase()),
    clear: () => {
      kept.length = 0;
    },
  };
}
