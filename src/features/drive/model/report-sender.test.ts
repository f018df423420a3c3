import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { ApiError } from '@/lib/api-client';
import type { ReportToSend } from '@/lib/driver-reports';
import { createMemoryStore } from '@/lib/offline/model/key-value-store';
import {
  markSent,
  queuedReport,
  refusalOf,
  shownRefusal,
  shownReports,
  withoutConfirmed,
} from './report-outbox';
import { flushReports, readQueue, updateQueue, type ReportApi } from './report-sender';

const TOKEN = 'tok';
const report = (id: string, stopId = `stop-${id}`): ReportToSend => ({
  id,
  stopId,
  status: 'delivered',
  at: '2026-03-02T08:00:00Z',
});
const image = (type = 'image/jpeg') => new Blob([new Uint8Array([1, 2, 3])], { type });

/** A server that keeps one report per id, as the /api does, and can drop the line. */
function fakeServer() {
  const reports = new Map<string, ReportToSend>();
  const proofs: string[] = [];
  const calls: string[] = [];
  let failNext: ApiError | 'lost-answer' | null = null;
  const fail = () => {
    const failure = failNext;
    failNext = null;
    return failure;
  };
  const api: ReportApi = {
    post: async (_token, body) => {
      calls.push(`POST ${body.id}`);
      const failure = fail();
      if (failure instanceof ApiError) throw failure;
      if (!reports.has(body.id)) reports.set(body.id, body);
      if (failure === 'lost-answer')
        throw new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'lost' });
      return {};
    },
    put: async (_token, id, kind) => {
      calls.push(`PUT ${id}/${kind}`);
      const failure = fail();
      if (failure instanceof ApiError) throw failure;
      proofs.push(`${id}/${kind}`);
      return {};
    },
  };
  return {
    api,
    reports,
    proofs,
    calls,
    failNextWith: (failure: ApiError | 'lost-answer') => (failNext = failure),
  };
}

const offline = () => new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'offline' });

describe('flushReports', () => {
  it('sends every report in order, each part once, and empties the queue', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [
      queuedReport(report('a'), { photo: image(), signature: image('image/png') }),
      queuedReport(report('b')),
    ]);
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'done', sent: 2 });
    expect(server.calls).toEqual(['POST a', 'PUT a/photo', 'PUT a/signature', 'POST b']);
    // Sent: each keeps its report (for the page, until the server's route shows it), no image.
    expect(await readQueue(store, TOKEN)).toEqual([
      { report: report('a'), posted: true, photoSent: true, signatureSent: true, done: true },
      { report: report('b'), posted: true, photoSent: true, signatureSent: true, done: true },
    ]);
  });

  it('offline: keeps everything, then sends from where it stopped when the network is back', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [
      queuedReport(report('a'), { photo: image() }),
      queuedReport(report('b')),
    ]);
    server.failNextWith(offline());
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'later', sent: 0 });
    expect((await readQueue(store, TOKEN)).map((entry) => entry.report.id)).toEqual(['a', 'b']);

    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'done', sent: 2 });
    expect([...server.reports.keys()]).toEqual(['a', 'b']);
    expect(server.proofs).toEqual(['a/photo']);
  });

  it('a report whose answer was lost is sent again and stays one report', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [queuedReport(report('a'))]);
    server.failNextWith('lost-answer');
    expect((await flushReports(store, server.api, TOKEN)).kind).toBe('later');
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'done', sent: 1 });
    expect(server.calls).toEqual(['POST a', 'POST a']);
    expect(server.reports.size).toBe(1);
  });

  it('keeps a refused report for the driver to see and sends the ones after it', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [queuedReport(report('a')), queuedReport(report('b'))]);
    server.failNextWith(
      new ApiError({
        status: 400,
        code: 'ERR_BAD_REQUEST',
        message: 'x',
        serverError: 'note: too long',
      }),
    );
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'done', sent: 1 });
    const left = await readQueue(store, TOKEN);
    expect(left.map((entry) => [entry.report.id, entry.refused ?? 'sent'])).toEqual([
      ['a', 'content'],
      ['b', 'sent'],
    ]);
    // Refused is final: another flush does not send it again.
    await flushReports(store, server.api, TOKEN);
    expect(server.calls).toEqual(['POST a', 'POST b']);
  });

  it('refuses a report on a stop the owner removed meanwhile, and sends the ones after it', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [queuedReport(report('a')), queuedReport(report('b'))]);
    server.failNextWith(
      new ApiError({
        status: 404,
        code: 'ERR_BAD_REQUEST',
        message: 'x',
        serverError: 'This stop is not on the route of this driver link',
        serverCode: 'no-stop',
      }),
    );
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'done', sent: 1 });
    const left = await readQueue(store, TOKEN);
    expect(left.map((entry) => [entry.report.id, entry.refused, entry.done ?? false])).toEqual([
      ['a', 'no-stop', false],
      ['b', undefined, true],
    ]);
  });

  it('stops at a revoked link and keeps the reports; waits as the server asks after a 429', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    await updateQueue(store, TOKEN, () => [queuedReport(report('a'))]);
    server.failNextWith(new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'gone' }));
    expect(await flushReports(store, server.api, TOKEN)).toEqual({ kind: 'revoked', sent: 0 });
    server.failNextWith(
      new ApiError({
        status: 429,
        code: 'ERR_BAD_REQUEST',
        message: 'slow',
        retryAfterSeconds: 20,
      }),
    );
    expect(await flushReports(store, server.api, TOKEN)).toEqual({
      kind: 'later',
      sent: 0,
      retryAfterSeconds: 20,
    });
    expect(await readQueue(store, TOKEN)).toHaveLength(1);
  });
});

describe('refusalOf', () => {
  it('names why a part was refused by its status and code, never by the server’s words', () => {
    expect(refusalOf(400, 'report')).toBe('content');
    expect(refusalOf(409, 'report')).toBe('id-reused');
    expect(refusalOf(409, 'photo')).toBe('proof-taken');
    expect(refusalOf(413, 'signature')).toBe('too-large');
    expect(refusalOf(415, 'photo')).toBe('image-type');
    expect(refusalOf(404, 'report', 'no-stop')).toBe('no-stop');
    expect(refusalOf(404, 'photo')).toBe('other');
    expect(refusalOf(418, 'report')).toBe('other');
  });

  it('reads the words an older page stored as other', () => {
    expect(shownRefusal('too-large')).toBe('too-large');
    expect(shownRefusal('note: too long')).toBe('other');
  });
});

describe('withoutConfirmed', () => {
  it('forgets a sent report once the server shows it or a newer one, never before', () => {
    const sent = (id: string, stopId: string, at: string) =>
      markSent([queuedReport({ ...report(id, stopId), at })], id, 'report')[0];
    const queue = [
      sent('a', 's1', '2026-03-02T08:00:00Z'),
      sent('b', 's2', '2026-03-02T08:10:00Z'),
      sent('c', 's3', '2026-03-02T08:20:00Z'),
      queuedReport(report('d', 's4')),
    ];
    const left = withoutConfirmed(queue, [
      {
        id: 's1',
        report: {
          id: 'a',
          stopId: 'x',
          status: 'delivered',
          at: '2026-03-02T08:00:00Z',
          receivedAt: '2026-03-02T08:00:00Z',
          farFromStop: false,
        },
      },
      {
        id: 's2',
        report: {
          id: 'z',
          stopId: 'x',
          status: 'skipped',
          at: '2026-03-02T09:00:00Z',
          receivedAt: '2026-03-02T09:00:00Z',
          farFromStop: false,
        },
      },
      { id: 's3' },
      {
        id: 's4',
        report: {
          id: 'd',
          stopId: 'x',
          status: 'delivered',
          at: '2026-03-02T08:00:00Z',
          receivedAt: '2026-03-02T08:00:00Z',
          farFromStop: false,
        },
      },
    ]);
    expect(left.map((entry) => entry.report.id)).toEqual(['c', 'd']);
  });
});

describe('shownReports', () => {
  it('shows the server’s report, or a newer one still on the device (the latest wins)', () => {
    const server = {
      id: 'r0',
      stopId: 's1',
      status: 'failed' as const,
      reason: 'refused' as const,
      at: '2026-03-02T07:00:00Z',
      receivedAt: '2026-03-02T07:00:01Z',
      farFromStop: false,
    };
    const shown = shownReports(
      [{ id: 's1', report: server }, { id: 's2', report: { ...server, id: 'r9' } }, { id: 's3' }],
      [
        queuedReport(report('r1', 's1')),
        queuedReport({ ...report('r2', 's1'), status: 'skipped' }),
      ],
    );
    expect(shown.get('s1')).toMatchObject({
      report: { id: 'r2', status: 'skipped' },
      waiting: true,
    });
    expect(shown.get('s2')).toMatchObject({ report: { id: 'r9' }, waiting: false });
    expect(shown.has('s3')).toBe(false);
  });
});
