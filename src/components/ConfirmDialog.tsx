import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A danger-styled confirmation (delete a route, revoke a link, start a route over). Cancel has the
 * focus first, so Enter right after opening never destroys anything.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      tone="danger"
      title={title}
      description={<p>{message}</p>}
      onCancel={onCancel}
      initialFocus={cancel}
    >
      <div className="dialog__actions">
        <button ref={cancel} type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
