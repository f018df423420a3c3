import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import { useImportRun } from '../hooks/use-import-run';
import { useImportText } from '../hooks/use-import-text';
import { countReview, readyStops } from '../model/import-review';
import { ImportInput } from './ImportInput';
import { ImportReview } from './ImportReview';
import '@/components/forms.css';
import './ImportPanel.css';

export interface ImportPanelProps {
  /** The found stops, in the order of their lines; called once per "Add". */
  onAdd: (stops: Stop[]) => void;
  onClose: () => void;
}

/**
 * Import a day's stops: paste or drop a list, see what was read, look the addresses up
 * (progress, cancel, rate-limit waits), fix or pick what did not match, then add.
 */
export function ImportPanel({ onAdd, onClose }: ImportPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [dragging, setDragging] = useState(false);
  const input = useImportText();
  const run = useImportRun();
  const reviewing = run.phase === 'running' || run.review.entries.length > 0;

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void input.readFile(event.dataTransfer.files[0]);
  };

  const add = () => {
    const stops = readyStops(run.review);
    if (stops.length === 0) return;
    onAdd(stops);
    run.dispatch({ type: 'added' });
    const counts = countReview(run.review);
    if (counts.attention + counts.waiting === 0) input.clear();
  };

  return (
    <section
      className={`import-panel${dragging ? ' import-panel--dragging' : ''}`}
      aria-labelledby={headingId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        // Moving over a child also fires dragleave on the panel: only leaving the panel counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="import-panel__header">
        <h3 id={headingId} className="form-heading">
          {t('importStops.heading')}
        </h3>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          {t('importStops.close')}
        </button>
      </div>
      {reviewing ? (
        <ImportReview run={run} onAdd={add} />
      ) : (
        <ImportInput input={input} onStart={() => run.start(input.currentRows())} />
      )}
    </section>
  );
}
