import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';

/** Shown when the browser would not copy the share link: the link, selected, ready to copy by hand. */
export function ShareLinkDialog({
  title,
  url,
  onClose,
}: {
  title: string;
  url: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    input.current?.select();
  }, []);

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // The link stays selected for the user to copy by hand.
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
      <div className="dialog__actions">
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
