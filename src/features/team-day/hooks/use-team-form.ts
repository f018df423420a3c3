import { useState } from 'react';
import { readRememberedTeam, rememberTeam } from '../model/remembered-team.ts';
import {
  defaultDriver,
  initialSplitForm,
  type DriverFields,
  type SplitFormIssues,
  type SplitFormValues,
} from '../model/split-form.ts';

const deviceStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * The split's form: as the device kept it after the last split (the team of yesterday), else
 * the defaults; its issues once read; `remember` keeps it for the next time.
 */
export function useTeamForm(storage: () => Storage | null = deviceStorage) {
  const [values, setValues] = useState<SplitFormValues>(
    () => readRememberedTeam(storage()) ?? initialSplitForm,
  );
  const [issues, setIssues] = useState<SplitFormIssues>({});

  const update = (change: Partial<SplitFormValues>) =>
    setValues((current) => ({ ...current, ...change }));

  const updateDriver = (index: number, change: Partial<DriverFields>) =>
    setValues((current) => {
      const team = [...current.team];
      for (let i = team.length; i <= index; i++) team.push(defaultDriver);
      team[index] = { ...team[index], ...change };
      return { ...current, team };
    });

  return {
    values,
    issues,
    setIssues,
    update,
    updateDriver,
    remember: () => rememberTeam(storage(), values),
  };
}
