// POST /api/auth/password-reset and the emailed link, against the real local Auth
// (@supabase/lite) and the email it really sent (read from the stack, tests/api/mailbox.ts).
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { call, newUser, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';
import { emailsTo, expireLinks, fragmentOf, openLink } from './mailbox.ts';

const ANSWER = 'If an account exists for this email, we have sent a link to reset the password.';

/** A client address of its own, so each test has its own per-client rate-limit bucket. */
const uniqueClient = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

const requestReset = (email: unknown, client = uniqueClient()) =>
  call('POST', '/auth/password-reset', {
    body: { email },
    headers: { 'x-forwarded-for': client },
  });

/** Sets a new password with the session a recovery link gave, as the SPA's page does. */
async function setPassword(accessToken: string, password: string) {
  const answer = await fetch(`${inject('gatewayUrl')}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: localKeys.publishableKey,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ password }),
  });
  return answer.status;
}

let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});

describe('asking for a password reset', () => {
  it('answers the same for an address with an account and one without (no enumeration)', async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known = await requestReset(user.email);
    const missing = await requestReset(unknown);
    expect(known.status).toBe(202);
    expect(missing.status).toBe(known.status);
    expect(known.body).toEqual({ message: ANSWER });
    expect(missing.body).toEqual(known.body);
    // Same headers that could tell them apart (no Retry-After, same type).
    expect(missing.headers.get('content-type')).toBe(known.headers.get('content-type'));
    // Only the account holder gets an email.
    expect(await emailsTo(unknown)).toEqual([]);
    const [email] = (await emailsTo(user.email)).slice(-1);
    expect(email.subject).toBe('Reset Your Password');
    expect(email.link).toContain('type=recovery');
  });

  it('treats the address case-insensitively and with spaces around it', async () => {
    const before = (await emailsTo(user.email)).length;
    const answer = await requestReset(`  ${user.email.toUpperCase()}  `);
    expect(answer).toMatchObject({ status: 202, body: { message: ANSWER } });
    expect((await emailsTo(user.email)).length).toBe(before + 1);
  });

  it('refuses what is not an email address (400 {error}, never 500)', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-address' },
      { email: 42 },
      { email: 'a'.repeat(400) + '@example.com' },
      [],
      null,
    ]) {
      const answer = await call('POST', '/auth/password-reset', {
        body,
        headers: { 'x-forwarded-for': uniqueClient() },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    const raw = await call('POST', '/auth/password-reset', { rawBody: '{"email":' });
    expect(raw.status).toBe(400);
  });

  it('is rate limited per address, whether or not an account has it (5 an hour by default)', async () => {
    for (const email of [user.email, `nobody-${randomUUID()}@example.com`]) {
      // A fresh account for the known case, so earlier tests' requests do not count.
      const address = email === user.email ? (await newUser()).email : email;
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await requestReset(address, uniqueClient()));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
      expect(answers[5].status).toBe(429);
      expect(answers[5].body).toEqual({ error: expect.any(String) });
      expect(Number(answers[5].headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('is rate limited per client too, whatever addresses it tries', async () => {
    const client = uniqueClient();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await requestReset(`someone-${randomUUID()}@example.com`, client));
    expect(answers.slice(0, 5).every((a) => a.status === 202)).toBe(true);
    expect(answers[5].status).toBe(429);
  });
});

describe('the emailed link', () => {
  async function resetLinkFor(account: TestUser) {
    const answer = await requestReset(account.email);
    expect(answer.status).toBe(202);
    const email = (await emailsTo(account.email)).at(-1);
    expect(email?.link).toBeTruthy();
    return email!.link!;
  }

  it('signs the user in for choosing a new password, once; the old password stops working', async () => {
    const account = await newUser();
    const link = await resetLinkFor(account);
    const landing = await openLink(link);
    // lite sends every link to SITE_URL (hosted Auth: SITE_URL/reset-password); the SPA
    // takes the fragment to its "Choose a new password" page.
    expect(`${landing.origin}${landing.pathname}`.replace(/\/$/, '')).toMatch(
      new RegExp(`^${SITE_URL}(/reset-password)?$`),
    );
    const session = fragmentOf(landing);
    expect(session.get('type')).toBe('recovery');
    expect(session.get('access_token')).toBeTruthy();

    expect(await setPassword(session.get('access_token')!, 'a-brand-new-password')).toBe(200);
    expect(
      (
        await call('POST', '/auth/login', {
          body: { email: account.email, password: 'a-brand-new-password' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/auth/login', {
          body: { email: account.email, password: account.password },
        })
      ).status,
    ).toBe(401);

    // The same link again: refused, and the page is told why.
    const again = fragmentOf(await openLink(link));
    expect(again.get('access_token')).toBeNull();
    expect(again.get('error_code')).toBe('otp_expired');
  });

  it('an expired link is refused (and a new one works)', async () => {
    const account = await newUser();
    const link = await resetLinkFor(account);
    expect(await expireLinks(account.email)).toBe(1);
    const refused = fragmentOf(await openLink(link));
    expect(refused.get('access_token')).toBeNull();
    expect(refused.get('error_code')).toBe('otp_expired');

    const fresh = fragmentOf(await openLink(await resetLinkFor(account)));
    expect(fresh.get('type')).toBe('recovery');
    expect(fresh.get('access_token')).toBeTruthy();
  });

  it('only the latest link works when several were asked for', async () => {
    const account = await newUser();
    const first = await resetLinkFor(account);
    const second = await resetLinkFor(account);
    expect(fragmentOf(await openLink(first)).get('error_code')).toBe('otp_expired');
    expect(fragmentOf(await openLink(second)).get('type')).toBe('recovery');
  });
});
