import { describe, expect, it } from 'vitest';
import { fetchProofs } from './fetch-proofs';

describe('fetchProofs', () => {
  it('downloads each linked proof as a file of the archive', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]));
    }) as typeof fetch;
    const files = await fetchProofs(
      [{ name: 'proofs/01-a/r-photo.jpg', url: 'https://s/1' }],
      fetcher,
    );
    expect(asked).toEqual(['https://s/1']);
    expect(files).toEqual([
      { name: 'proofs/01-a/r-photo.jpg', data: new Uint8Array([0xff, 0xd8, 0xff]) },
    ]);
  });

  it('fails when a link no longer works, rather than leave a proof out', async () => {
    const fetcher = (async () => new Response('gone', { status: 400 })) as typeof fetch;
    await expect(
      fetchProofs([{ name: 'proofs/01-a/r-photo.jpg', url: 'https://s/1' }], fetcher),
    ).rejects.toThrow(/could not be downloaded \(400\)/);
  });
});
