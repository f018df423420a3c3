import { describe, expect, it } from 'vitest';
import { readRememberedTeam, rememberTeam, REMEMBERED_TEAM_KEY } from './remembered-team.ts';
import { defaultDriver, initialSplitForm, type SplitFormValues } from './split-form.ts';

/** A Storage of one key's text. */
function memory(text: string | null = null) {
  let value = text;
  return {
    getItem: (key: string) => (key === REMEMBERED_TEAM_KEY ? value : null),
    setItem: (key: string, next: string) => {
      if (key === REMEMBERED_TEAM_KEY) value = next;
    },
  };
}

const team: SplitFormValues = {
  drivers: '3',
  objective: 'distance',
  maxHours: '8',
  team: [
    { ...defaultDriver, name: 'Alice', startTime: '06:30', endTime: '14:00' },
    {
      ...defaultDriver,
      start: { name: 'Home', lat: 48.9, lng: 2.4 },
      end: 'last-stop',
      maxStops: '12',
      capacity: '40',
    },
  ],
};

describe('the team kept on the device', () => {
  it('reads back what it kept for the next day', () => {
    const storage = memory();
    expect(readRememberedTeam(storage)).toBeNull();
    rememberTeam(storage, team);
    expect(readRememberedTeam(storage)).toEqual(team);
  });

  it('reads a team kept before drivers had a capacity, without one', () => {
    const { capacity: _capacity, ...before } = team.team[1];
    const kept = readRememberedTeam(memory(JSON.stringify({ ...team, team: [before] })));
    expect(kept?.team).toEqual([{ ...team.team[1], capacity: '' }]);
  });

  it('gives nothing for what does not read: broken JSON, other shapes, too many drivers', () => {
    expect(readRememberedTeam(memory('{'))).toBeNull();
    expect(
      readRememberedTeam(memory(JSON.stringify({ ...team, objective: 'fastest' }))),
    ).toBeNull();
    expect(
      readRememberedTeam(
        memory(
          JSON.stringify({
            ...team,
            team: [{ ...defaultDriver, start: { name: '', lat: 0, lng: 0 } }],
          }),
        ),
      ),
    ).toBeNull();
    expect(
      readRememberedTeam(memory(JSON.stringify({ ...team, team: Array(21).fill(defaultDriver) }))),
    ).toBeNull();
    expect(readRememberedTeam(null)).toBeNull();
  });

  it('a storage that refuses keeps nothing, quietly', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => rememberTeam(full, initialSplitForm)).not.toThrow();
  });
});
