import { useEffect, useRef, useState } from 'react';
import { getDriverLink, useCreateDriverLink, useRevokeDriverLink } from '@/lib/driver-reports';

export interface DriverRoute {
  id: string;
  title: string;
}

export type DriverLinkState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'creating' }
  | { kind: 'ready'; url: string; copied: boolean }
  | { kind: 'revoking'; url: string }
  | { kind: 'revoked' }
  /** The read of the active link failed: whether the route has one is unknown. */
  | { kind: 'failed'; action: 'read' }
  | { kind: 'failed'; action: 'create' | 'revoke'; url?: string };

type Links = ReadonlyMap<string, DriverLinkState>;

/** The route's active link, none, or a failed read (network, server error): never a guess. */
const readState = (id: string): Promise<DriverLinkState> =>
  getDriverLink(id).then(
    (link) => (link ? { kind: 'ready', url: link.driverUrl, copied: false } : { kind: 'none' }),
    (error: unknown) => {
      console.error('Reading the driver link failed', error);
      return { kind: 'failed', action: 'read' };
    },
  );

/**
 * The driver links of one or more routes: the active one of each is read when the dialog
 * opens; a route without one gets one on request (a new link stops the route's earlier one,
 * so opening the dialog never makes one by itself, and a route whose read failed is offered a
 * retry, never Create); copied, revoked.
 */
export function useDriverLinks(routes: readonly DriverRoute[]) {
  const creating = useCreateDriverLink();
  const revoking = useRevokeDriverLink();
  const [links, setLinks] = useState<Links>(new Map());
  /** The states as last set, for the steps of createAll (which outlive the render they began in). */
  const latest = useRef<Links>(links);
  const set = (id: string, state: DriverLinkState) => {
    latest.current = new Map(latest.current).set(id, state);
    setLinks(latest.current);
  };
  const stateOf = (id: string): DriverLinkState => links.get(id) ?? { kind: 'loading' };
  const currentStateOf = (id: string): DriverLinkState =>
    latest.current.get(id) ?? { kind: 'loading' };

  const ids = routes.map((route) => route.id).join(' ');
  useEffect(() => {
    let current = true;
    for (const id of ids.split(' ').filter(Boolean)) {
      void readState(id).then((state) => {
        if (!current) return;
        latest.current = new Map(latest.current).set(id, state);
        setLinks(latest.current);
      });
    }
    return () => {
      current = false;
    };
  }, [ids]);

  /** Reads again a link whose read failed. */
  const retryRead = async (id: string) => {
    set(id, { kind: 'loading' });
    set(id, await readState(id));
  };

  const createOne = async (id: string) => {
    set(id, { kind: 'creating' });
    try {
      const link = await creating.mutateAsync(id);
      set(id, { kind: 'ready', url: link.driverUrl, copied: false });
    } catch (error) {
      console.error('Creating the driver link failed', error);
      set(id, { kind: 'failed', action: 'create' });
    }
  };

  /** The routes without a link, one request at a time, each link shown as it comes. */
  const createAll = async () => {
    for (const route of routes)
      if (currentStateOf(route.id).kind === 'none') await createOne(route.id);
  };

  const copy = async (id: string) => {
    const state = stateOf(id);
    if (state.kind !== 'ready') return;
    try {
      await navigator.clipboard.writeText(state.url);
      set(id, { ...state, copied: true });
    } catch {
      // No clipboard here: the link is in a read-only field to select and copy by hand.
    }
  };

  const revoke = async (id: string) => {
    const state = stateOf(id);
    if (state.kind !== 'ready') return;
    set(id, { kind: 'revoking', url: state.url });
    try {
      await revoking.mutateAsync(id);
      set(id, { kind: 'revoked' });
    } catch (error) {
      console.error('Revoking the driver link failed', error);
      set(id, { kind: 'failed', action: 'revoke', url: state.url });
    }
  };

  const busy = [...links.values()].some(
    (state) => state.kind === 'creating' || state.kind === 'revoking',
  );
  const missing = routes.filter((route) => stateOf(route.id).kind === 'none').length;
  return { stateOf, createAll, createOne, retryRead, copy, revoke, busy, missing };
}
