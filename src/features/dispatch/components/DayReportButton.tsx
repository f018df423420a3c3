import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useTimeFormat } from '@/lib/day-plan';
import { downloadText } from '@/lib/export';
import type { BoardRow } from '../model/board-rows';
import { dayReportCsv, spreadsheetTime } from '../model/day-report-csv';

/** "Download the day's report": the board's rows as a CSV in the user's language and time zone. */
export function DayReportButton({
  title,
  rows,
  links = new Map(),
}: {
  title: string;
  rows: readonly BoardRow[];
  /** The customers' active tracking links, by stop id (none: the column stays empty). */
  links?: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();

  const download = () => {
    const zone = { zone: timeZone };
    const csv = dayReportCsv(
      rows,
      {
        headers: {
          driver: t('board.csv.driver'),
          number: t('board.csv.number'),
          stop: t('board.csv.stop'),
          planned: t('board.csv.planned', zone),
          actual: t('board.csv.actual', zone),
          status: t('board.csv.status'),
          reason: t('board.csv.reason'),
          note: t('board.csv.note'),
          latitude: t('board.csv.latitude'),
          longitude: t('board.csv.longitude'),
          accuracy: t('board.csv.accuracy'),
          distance: t('board.csv.distance'),
          far: t('board.csv.far'),
          proofs: t('board.csv.proofs'),
          tracking: t('board.csv.tracking'),
        },
        status: (status) => t(`board.status.${status}`),
        reason: (reason) => t(`drive.reason.${reason}`, { defaultValue: reason }),
        yes: t('board.csv.yes'),
      },
      timeZone,
      // The board's own page: it opens the proofs for the route's owner, signed in, and nobody else.
      (row) => `${window.location.origin}${paths.routeBoard(row.routeId)}#stop-${row.stopId}`,
      (row) => links.get(row.stopId) ?? '',
    );
    const day = spreadsheetTime(Date.now(), timeZone).slice(0, 10);
    const fileName = `${t('board.csv.fileName', { title, day })}.csv`.replace(/[\\/:*?"<>|]/g, '-');
    downloadText(fileName, csv, 'text/csv;charset=utf-8');
  };

  return (
    <button type="button" className="button board__download" onClick={download}>
      {t('board.download')}
    </button>
  );
}
