import { describe, expect, it } from 'vitest';
import { markSent, queuedReport } from './report-outbox';
import { unsentEntries, unsentReportsFile, unsentReportsFileName } from './unsent-reports';

const report = (id: string, stopId: string) =>
  ({ id, stopId, status: 'delivered', at: '2026-03-02T08:00:00Z' }) as const;

describe('unsent reports', () => {
  it('are the entries with a part the server does not have, refused ones included', () => {
    const photo = new Blob(['jpeg']);
    let queue = [
      queuedReport(report('sent', 's1')),
      queuedReport(report('half', 's2'), { photo }),
      { ...queuedReport(report('refused', 's3')), refused: 'content' as const },
      queuedReport(report('waiting', 's4')),
    ];
    queue = markSent(markSent(queue, 'sent', 'report'), 'half', 'report');
    expect(unsentEntries(queue).map((entry) => entry.report.id)).toEqual([
      'half',
      'refused',
      'waiting',
    ]);
  });

  it('download with their stop’s name and their images', async () => {
    const entries = [
      queuedReport(report('r1', 's1'), { photo: new Blob(['jpeg']) }),
      queuedReport(report('r2', 'gone')),
    ];
    const file = await unsentReportsFile(
      entries,
      { title: 'Monday', stops: [{ id: 's1', name: 'Bakery' }] },
      async (image) => `data:;${await image.text()}`,
    );
    expect(file).toEqual({
      route: 'Monday',
      reports: [
        { ...report('r1', 's1'), stopName: 'Bakery', photo: 'data:;jpeg' },
        { ...report('r2', 'gone'), stopName: null },
      ],
    });
    expect(unsentReportsFileName(new Date('2026-03-02T08:00:00Z'))).toBe(
      'unsent-reports-2026-03-02.json',
    );
  });
});
