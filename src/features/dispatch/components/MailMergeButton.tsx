import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '@/lib/day-plan';
import { downloadText } from '@/lib/export';
import type { BoardRow } from '../model/board-rows';
import { spreadsheetTime } from '../model/day-report-csv';
import { mailMergeCsv } from '../model/mail-merge-csv';

/**
 * "Tracking links for a mail merge": makes every stop's tracking link (the ones made before stay)
 * and downloads them as a CSV, one row per customer.
 */
export function MailMergeButton({
  title,
  rows,
  makeAll,
}: {
  title: string;
  rows: readonly BoardRow[];
  makeAll: () => Promise<Map<string, string> | null>;
}) {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();
  const download = async () => {
    const links = await makeAll();
    if (!links) return;
    const csv = mailMergeCsv(
      rows,
      links,
      {
        driver: t('board.csv.driver'),
        number: t('board.csv.number'),
        stop: t('board.csv.stop'),
        planned: t('board.csv.planned', { zone: timeZone }),
        tracking: t('board.csv.tracking'),
      },
      timeZone,
    );
    const day = spreadsheetTime(Date.now(), timeZone).slice(0, 10);
    downloadText(
      csv,
      `${t('board.tracking.fileName', { title, day })}.csv`,
      'text/csv;charset=utf-8',
    );
  };
  return (
    <button type="button" className="button board__download" onClick={() => void download()}>
      {t('board.tracking.mailMerge')}
    </button>
  );
}
