import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBytes } from '@/lib/export';
import { exportAccount } from '../api/export-account';
import { fetchProofs } from '../api/fetch-proofs';
import { FormMessage, type Message } from '@/components/form';

/** "Download my data": the export as a ZIP (account.json, a GPX per route, drivers' proofs). */
export function ExportSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function download() {
    setBusy(true);
    setMessage(null);
    try {
      // The ZIP writer loads with the first download, not with the page.
      const [{ raw, document }, { exportArchive, proofDownloads }] = await Promise.all([
        exportAccount(),
        import('../model/export-archive'),
      ]);
      const proofs = await fetchProofs(proofDownloads(document));
      const archive = exportArchive(raw, document, proofs);
      downloadBytes(archive.fileName, archive.bytes, 'application/zip');
      setMessage({ tone: 'success', text: t('account.export.done') });
    } catch (error) {
      console.error('The data export failed', error);
      setMessage({ tone: 'error', text: t('account.export.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account__heading">
        {t('account.export.title')}
      </h2>
      <p className="account__text">{t('account.export.text')}</p>
      <FormMessage message={message} />
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy ? t('account.export.working') : t('account.export.submit')}
      </button>
    </section>
  );
}
