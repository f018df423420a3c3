import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/LoadingState';
import type { ImportPanelProps } from './ImportPanel';

const Panel = lazy(async () => ({ default: (await import('./ImportPanel')).ImportPanel }));

/**
 * The import panel, loaded when the user first opens it (the planner shows it only then): its
 * CSV reader (papaparse) and review weigh about 15 KB gzipped that most visits never use.
 */
export function ImportPanel(props: ImportPanelProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Panel {...props} />
    </Suspense>
  );
}
