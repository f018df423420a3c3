import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRouteChanges } from './use-route-changes';

const stop = (id: string) => ({ id, name: `Stop ${id}` });

describe('use-route-changes', () => {
  it('says nothing on the first read, then what each new read changed, until dismissed', () => {
    const { result, rerender } = renderHook(({ stops }) => useRouteChanges(stops), {
      initialProps: { stops: undefined as { id: string; name: string }[] | undefined },
    });
    rerender({ stops: [stop('a'), stop('b')] });
    expect(result.current.changes).toEqual({ added: [], removed: [] });
    rerender({ stops: [stop('a'), stop('c')] });
    expect(result.current.changes).toEqual({ added: [stop('c')], removed: [stop('b')] });
    act(() => result.current.dismiss());
    expect(result.current.changes).toEqual({ added: [], removed: [] });
    rerender({ stops: [stop('a')] });
    expect(result.current.changes).toEqual({ added: [], removed: [stop('c')] });
  });
});
