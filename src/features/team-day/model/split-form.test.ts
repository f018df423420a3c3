import { describe, expect, it } from 'vitest';
import { initialSplitForm, readSplitForm } from './split-form.ts';

describe('readSplitForm', () => {
  it('reads 2 to 20 drivers, the objective, whether all start at the depot', () => {
    expect(readSplitForm(initialSplitForm)).toEqual({
      ok: true,
      options: { drivers: 2, objective: 'makespan', sharedStart: true },
    });
    expect(
      readSplitForm({
        ...initialSplitForm,
        drivers: '20',
        objective: 'distance',
        sharedStart: false,
      }),
    ).toEqual({ ok: true, options: { drivers: 20, objective: 'distance', sharedStart: false } });
  });

  it('takes optional limits per driver as whole numbers above 0', () => {
    expect(readSplitForm({ ...initialSplitForm, maxStops: '12', maxHours: ' 8 ' })).toEqual({
      ok: true,
      options: {
        drivers: 2,
        objective: 'makespan',
        sharedStart: true,
        maxStops: 12,
        maxWorkingHours: 8,
      },
    });
  });

  it('says what is wrong: drivers out of range, a limit that is not a whole number above 0', () => {
    for (const drivers of ['1', '21', '', '2.5', 'two']) {
      expect(readSplitForm({ ...initialSplitForm, drivers })).toEqual({
        ok: false,
        issues: { drivers: 'drivers-range' },
      });
    }
    expect(readSplitForm({ ...initialSplitForm, maxStops: '0', maxHours: '7.5' })).toEqual({
      ok: false,
      issues: { maxStops: 'limit-invalid', maxHours: 'limit-invalid' },
    });
    expect(readSplitForm({ ...initialSplitForm, maxStops: '-3' })).toMatchObject({ ok: false });
  });
});
