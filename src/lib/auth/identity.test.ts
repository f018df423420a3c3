// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GUEST_MODE_KEY,
  identityFrom,
  readGuestFlag,
  toAuthUser,
  writeGuestFlag,
} from './identity';

describe('identity model', () => {
  beforeEach(() => localStorage.clear());

  it("stores the guest flag as guestMode = 'true'", () => {
    expect(readGuestFlag()).toBe(false);
    writeGuestFlag(true);
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBe('true');
    expect(readGuestFlag()).toBe(true);
    writeGuestFlag(false);
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBeNull();
  });

  it('ignores other values of the flag', () => {
    localStorage.setItem(GUEST_MODE_KEY, 'yes');
    expect(readGuestFlag()).toBe(false);
  });

  it('lets a signed-in user win over the guest flag', () => {
    const user = { id: 'u1', email: 'a@b.co' };
    expect(identityFrom(user, true)).toEqual({ status: 'signed-in', user });
    expect(identityFrom(null, true)).toEqual({ status: 'guest' });
    expect(identityFrom(null, false)).toEqual({ status: 'anonymous' });
  });

  it('reduces a Supabase user to id and email', () => {
    expect(toAuthUser({ id: 'u1', email: 'a@b.co' })).toEqual({ id: 'u1', email: 'a@b.co' });
    expect(toAuthUser({ id: 'u2' })).toEqual({ id: 'u2', email: '' });
    expect(toAuthUser(null)).toBeNull();
  });
});
