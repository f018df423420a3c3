import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { SendToDriverDialogProps } from './SendToDriverDialog';

const dialog = retryableLazy(async () => (await import('./SendToDriverDialog')).SendToDriverDialog);

/**
 * "Send to driver", loaded when it is first opened: the dialog, its links' requests and the QR
 * code are about 3 KB gzipped that a visit to the planner or My Routes seldom uses. If its code
 * cannot be fetched, its place says so with Retry.
 */
export function SendToDriverDialog(props: SendToDriverDialogProps) {
  return <LazyPart part={dialog} props={props} />;
}
