import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { LazyPart, LoadFailure, retryableLazy } from '@/components/lazy-part';
import { LoadingState } from '@/components/LoadingState';
import type { SendToDriverDialogProps } from './SendToDriverDialog';

const dialog = retryableLazy(async () => (await import('./SendToDriverDialog')).SendToDriverDialog);

/**
 * "Send to driver", loaded when it is first opened: the dialog, its links' requests and the QR
 * code are about 3 KB gzipped that a visit to the planner or My Routes seldom uses. While its code
 * arrives, or if it cannot be fetched (with Retry), a dialog of the same name says so and closes
 * as the real one does.
 */
export function SendToDriverDialog(props: SendToDriverDialogProps) {
  const { t } = useTranslation();
  const frame = (content: ReactNode) => (
    <Dialog title={t('driverLink.title')} description={null} onCancel={props.onClose}>
      {content}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
  return (
    <LazyPart
      part={dialog}
      props={props}
      fallback={frame(<LoadingState />)}
      failure={(retry) => frame(<LoadFailure onRetry={retry} />)}
    />
  );
}
