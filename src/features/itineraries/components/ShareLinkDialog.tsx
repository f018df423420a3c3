import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import './share-dialog.css';

export interface ShareLinkDialogProps {
  title: string;
  url: string;
  /** Whether the link shows the stops' notes for the driver. */
  includeNotes: boolean;
  /** The link was copied to the clipboard when the dialog opened. */
  copied?: boolean;
  /** Sets what the link shows; rejects when the server refused (the box then stays as it was). */
  onIncludeNotesChange: (includeNotes: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * The share link of a route: the link (selected, ready to copy), whether it shows the notes for
 * the driver (off unless the owner ticks it) and what anyone holding it sees.
 */
export function ShareLinkDialog({
  title,
  url,
  includeNotes,
  copied: copiedAtOpen = false,
  onIncludeNotesChange,
  onClose,
}: ShareLinkDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const notesId = useId();
  const seesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(copiedAtOpen);
  /** The choice being saved, shown at once; the server's answer (includeNotes) after. */
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const checked = pending ?? includeNotes;

  useEffect(() => {
    input.current?.select();
  }, []);

  /** The phone's share sheet (Web Share API) where there is one; copying is the fallback. */
  const canShare = typeof navigator.share === 'function';
  const shareSheet = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // The user closed the sheet (AbortError): nothing to do. Refused: copy instead.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // The link stays selected for the user to copy by hand.
    }
  };

  const changeNotes = async (next: boolean) => {
    setPending(next);
    setFailed(false);
    try {
      await onIncludeNotesChange(next);
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
    }
  };

  return (
    <Dialog
      title={t('dashboard.shareLinkTitle')}
      description={<p>{t('dashboard.shareLinkHelp', { title })}</p>}
      onCancel={onClose}
      initialFocus={input}
    >
      <label className="dialog__field" htmlFor={inputId}>
        {t('dashboard.shareLinkLabel')}
      </label>
      <input
        id={inputId}
        ref={input}
        className="dialog__input"
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      {copied ? (
        <p className="dialog__status" role="status">
          {t('dashboard.shareCopied')}
        </p>
      ) : null}

      <div className="share-dialog__notes">
        <input
          id={notesId}
          type="checkbox"
          checked={checked}
          disabled={pending !== null}
          aria-describedby={seesId}
          onChange={(event) => void changeNotes(event.target.checked)}
        />
        <label htmlFor={notesId}>{t('account.shareNotes.label')}</label>
      </div>
      <p id={seesId} className="share-dialog__sees" aria-live="polite">
        {checked ? t('account.shareNotes.withNotes') : t('account.shareNotes.withoutNotes')}
      </p>
      {failed ? (
        <p className="share-dialog__error" role="alert">
          {t('account.shareNotes.failed')}
        </p>
      ) : null}

      <div className="dialog__actions">
        {canShare ? (
          <button type="button" className="button" onClick={() => void shareSheet()}>
            {t('dashboard.shareSheet')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void copy()}>
          {t('common.copy')}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
