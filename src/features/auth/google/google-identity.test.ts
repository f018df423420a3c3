// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createGoogleIdentityLoader,
  GOOGLE_IDENTITY_SCRIPT_URL,
  type GoogleAccountsId,
  type GoogleWindow,
} from './google-identity';

const fakeAccountsId = (): GoogleAccountsId => ({ initialize: vi.fn(), renderButton: vi.fn() });
const scripts = () =>
  Array.from(document.head.querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`));

describe('createGoogleIdentityLoader', () => {
  afterEach(() => {
    for (const script of scripts()) script.remove();
  });

  it('uses google.accounts.id when the script is already there, without adding it again', async () => {
    const accountsId = fakeAccountsId();
    const fakeWindow: GoogleWindow = { google: { accounts: { id: accountsId } } };
    await expect(createGoogleIdentityLoader(document, fakeWindow)()).resolves.toBe(accountsId);
    expect(scripts()).toHaveLength(0);
  });

  it('adds the script once, async, and resolves every caller when it has loaded', async () => {
    const fakeWindow: GoogleWindow = {};
    const load = createGoogleIdentityLoader(document, fakeWindow);
    const first = load();
    const second = load();
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    const script = scripts()[0] as HTMLScriptElement;
    expect(script.async).toBe(true);

    const accountsId = fakeAccountsId();
    fakeWindow.google = { accounts: { id: accountsId } };
    script.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(accountsId);
    await expect(load()).resolves.toBe(accountsId);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script cannot load, and tries again on the next call', async () => {
    const fakeWindow: GoogleWindow = {};
    const load = createGoogleIdentityLoader(document, fakeWindow);
    const failed = load();
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/could not be loaded/);
    expect(scripts()).toHaveLength(0);

    const retry = load();
    expect(scripts()).toHaveLength(1);
    fakeWindow.google = { accounts: { id: fakeAccountsId() } };
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(fakeWindow.google.accounts!.id);
  });

  it('rejects a script that loads without google.accounts.id', async () => {
    const load = createGoogleIdentityLoader(document, {});
    const loading = load();
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/without google.accounts.id/);
  });
});
