import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { GUEST_MODE_KEY } from './identity';
import { useIdentityAfterHydration } from './use-identity-after-hydration';

const stored = vi.hoisted(() => ({
  sessionUser: null as { id: string; email?: string } | null,
}));
vi.mock('@/lib/supabase', () => ({
  hasStoredAuthState: () => stored.sessionUser !== null,
  storedSessionUser: () => stored.sessionUser,
  authRedirectInUrl: () => false,
}));

function Probe() {
  const { user, guestFlag, settled } = useIdentityAfterHydration();
  const shown = [
    settled ? 'settled' : 'loading',
    user?.email ?? 'nobody',
    guestFlag ? 'guest' : 'member',
  ];
  return <p>{shown.join(':')}</p>;
}

afterEach(() => {
  stored.sessionUser = null;
  localStorage.removeItem(GUEST_MODE_KEY);
});

async function hydrated(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatches: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, <Probe />, { onRecoverableError: (error) => mismatches.push(error) }),
  );
  const text = container.textContent;
  act(() => root.unmount());
  container.remove();
  return { text, mismatches };
}

describe('the identity after hydration', () => {
  it('is what the build rendered while hydrating, then the stored session’s user', async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('settled:nobody:member');
    stored.sessionUser = { id: 'user-1', email: 'driver@example.com' };
    const { text, mismatches } = await hydrated(html);
    expect(mismatches).toEqual([]);
    expect(text).toBe('settled:driver@example.com:member');
  });

  it('takes guest mode from the device after hydrating', async () => {
    const html = renderToString(<Probe />);
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    const { text, mismatches } = await hydrated(html);
    expect(mismatches).toEqual([]);
    expect(text).toBe('settled:nobody:guest');
  });
});
