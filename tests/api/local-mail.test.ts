// How the local stack delivers Auth's emails with no mail account (supabase/local/mail.mjs):
// printed to `npm start`'s console by default (recipient, subject, link), or sent through the
// SMTP server SMTP_URL names. Each case runs the real Auth (@supabase/lite) and its real
// mail drivers; the SMTP server below is a minimal real one that records what it received.
import { createServer, type Server, type Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../supabase/local/backend.mjs';
import { consoleBlock, firstLink, smtpOptions } from '../../supabase/local/mail.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { dataDirFromTemplate, TEST_SITE_URL } from '../support/pglite-template';

type Backend = Awaited<ReturnType<typeof createBackend>>;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function backendWith(options: Record<string, unknown>): Promise<Backend> {
  const dataDir = await dataDirFromTemplate('route-planner-mail-');
  dirs.push(dataDir);
  return createBackend({ dataDir, siteUrl: TEST_SITE_URL, seed: false, ...options });
}

/** Signs up and asks for a password reset through the local Auth API. */
async function resetRequestedOn(backend: Backend, email: string) {
  const post = (route: string, body: unknown) =>
    backend.fetch(
      new Request(`http://127.0.0.1/auth/v1/${route}`, {
        method: 'POST',
        headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      '127.0.0.1',
    );
  expect((await post('signup', { email, password: 'correct-horse-battery' })).status).toBe(200);
  return post('recover', { email });
}

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A plain SMTP server (no TLS, no auth), enough for Nodemailer: records each message. */
async function startSmtpServer(): Promise<{
  port: number;
  received: ReceivedMail[];
  server: Server;
}> {
  const received: ReceivedMail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-test.smtp\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 test.smtp');
        else if (verb === 'MAIL') {
          mail.from = line;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]+)>/.exec(line)?.[1] ?? line);
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, received, server };
}

/** The message body as a reader sees it (quoted-printable soft breaks and escapes undone). */
const decoded = (data: string) =>
  data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('auth emails on the local stack: by default', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await backendWith({});
  });
  afterAll(async () => {
    await backend?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints each email to the console: recipient, subject and the link', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    const email = `console-${Date.now()}@example.com`;
    expect((await resetRequestedOn(backend, email)).status).toBe(200);
    const block = printed.find((text) => text.includes(`To:       ${email}`));
    expect(block).toBeDefined();
    expect(block).toContain('Subject:  Reset Your Password');
    expect(block).toMatch(
      /Link: {5}http:\/\/localhost:5173\/auth\/v1\/verify\?token=[0-9a-f]+&type=recovery&redirect_to=/,
    );
    expect(backend.mail.describe()).toMatch(/printed in this console/);
  });
});

describe('auth emails on the local stack: with SMTP_URL', () => {
  let backend: Backend;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    backend = await backendWith({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      smtpFrom: 'Route Planner <planner@example.com>',
    });
  });
  afterAll(async () => {
    await backend?.close();
    smtp?.server.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends them through that SMTP server instead of printing them', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    const email = `smtp-${Date.now()}@example.com`;
    expect((await resetRequestedOn(backend, email)).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toContain('planner@example.com');
    expect(mail.data).toMatch(/^Subject: Reset Your Password$/m);
    expect(decoded(mail.data)).toMatch(
      /http:\/\/localhost:5173\/auth\/v1\/verify\?token=[0-9a-f]+&type=recovery/,
    );
    // Not printed: sent (the console only says so, without the link).
    expect(printed.join('\n')).not.toContain('/auth/v1/verify');
    expect(printed.join('\n')).toContain(`Email sent through SMTP_URL to ${email}`);
    expect(backend.mail.describe()).toBe('sent through SMTP_URL (127.0.0.1)');
  });
});

describe('SMTP_URL', () => {
  it('reads host, port, credentials and TLS from the URL', () => {
    expect(smtpOptions('smtp://localhost:1025')).toMatchObject({
      host: 'localhost',
      port: 1025,
      secure: false,
    });
    expect(smtpOptions('smtps://apikey:s%40cret@smtp.example.com')).toMatchObject({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'apikey',
      pass: 's@cret',
    });
    expect(smtpOptions('smtp://u:p@mail.local:25?tls=off')).toMatchObject({ requireTls: false });
    expect(smtpOptions('smtp://mail.local', 'Planner <p@example.com>').from).toEqual({
      name: 'Planner',
      address: 'p@example.com',
    });
  });

  it('refuses what is not an SMTP URL, without showing a password', () => {
    expect(() => smtpOptions('http://mail.example.com')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => smtpOptions('not a url :secret@')).toThrow(/SMTP_URL must look like/);
    try {
      smtpOptions('ftp://user:hunter2@mail.example.com');
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('prints the link the email carries', () => {
    expect(firstLink('Or follow this link: https://x.test/a?b=1&c=2\n')).toBe(
      'https://x.test/a?b=1&c=2',
    );
    expect(consoleBlock({ to: 'a@b.test', subject: 'S', text: 'no link' })).toContain(
      'Link:     (none)',
    );
  });
});
