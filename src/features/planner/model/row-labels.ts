import type { TFunction } from 'i18next';

export type RowLabelKey =
  | 'planner.editStop'
  | 'planner.editNote'
  | 'planner.addNote'
  | 'planner.dragStop'
  | 'planner.showStop'
  | 'planner.legFrom'
  | 'planner.moveUp'
  | 'planner.moveDown'
  | 'planner.removeStop'
  | 'planner.moreActions';

export interface RowLabelValues {
  number: number;
  name?: string;
  distance?: string;
}

/** The texts every row shows (its buttons' labels), by key and values. */
export type RowLabel = (key: RowLabelKey, values: RowLabelValues) => string;

/** Labels remembered at most (a few per stop); then the memory starts again. */
const ROW_LABELS_KEPT = 5000;

/**
 * `t` for the rows' labels, each text made once per language and values: a row's labels mostly
 * depend on its number alone, so after a reorder (an optimisation) the rows in view show the
 * same ones again, and i18next's translate is slow enough on 200 stops' click to count (it
 * resolves the key and interpolates every time). A new `t` (another language) makes a new one.
 */
export function rowLabels(t: TFunction): RowLabel {
  const labels = new Map<string, string>();
  return (key, values) => {
    const id = `${key}\u0000${values.number}\u0000${values.name ?? '\u0001'}\u0000${values.distance ?? '\u0001'}`;
    let label = labels.get(id);
    if (label === undefined) {
      if (labels.size >= ROW_LABELS_KEPT) labels.clear();
      label = t(key, { ...values });
      labels.set(id, label);
    }
    return label;
  };
}

/** What a row's edit button is for: the name (and note) when the stop can be renamed, else its note. */
export const editLabelKey = (
  renameEnabled: boolean,
  hasNote: boolean,
): 'planner.editStop' | 'planner.editNote' | 'planner.addNote' =>
  renameEnabled ? 'planner.editStop' : hasNote ? 'planner.editNote' : 'planner.addNote';

/**
 * The ids that describe a row's main button to a screen reader, beside its label (the stop's
 * number and name): the list's help, the distance from the stop before once known (not for the
 * first stop), and the note while its panel is closed.
 */
export function rowDescribedBy(
  ids: { help: string; leg: string; note: string },
  row: { index: number; hasLeg: boolean; hasNote: boolean; noteOpen: boolean },
): string {
  return [
    ids.help,
    row.index > 0 && row.hasLeg ? ids.leg : null,
    row.hasNote && !row.noteOpen ? ids.note : null,
  ]
    .filter(Boolean)
    .join(' ');
}
