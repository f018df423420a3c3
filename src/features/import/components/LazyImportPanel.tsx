import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { ImportPanelProps } from './ImportPanel';

const panel = retryableLazy(async () => (await import('./ImportPanel')).ImportPanel);

/**
 * The import panel, loaded when the user first opens it (the planner shows it only then): its
 * CSV reader (papaparse) and review weigh about 15 KB gzipped that most visits never use. If its
 * code cannot be fetched, the panel's place says so with Retry.
 */
export function ImportPanel(props: ImportPanelProps) {
  return <LazyPart part={panel} props={props} />;
}
