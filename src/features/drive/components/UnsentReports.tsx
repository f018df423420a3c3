import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driverReportKeys } from '@/lib/driver-reports';
import { useTimeFormat } from '@/lib/day-plan';
import { downloadText } from '@/lib/export';
import { readRouteCopy } from '../api/drive-route';
import type { QueuedReport } from '../model/report-outbox';
import { unsentReportsFile, unsentReportsFileName } from '../model/unsent-reports';

export interface UnsentReportsProps {
  token: string;
  /** The reports the gone link could not send (model/unsent-reports.ts). */
  entries: readonly QueuedReport[];
  /** Removes them, and the route's copy, from the device. */
  onRemove: () => Promise<void>;
}

const dataUrlOf = (image: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(image);
  });

/**
 * On a replaced or revoked link's page: the reports it could not send, said plainly, listed, and
 * downloadable (with their photos and signatures) for the dispatcher, until the driver removes
 * them.
 */
export function UnsentReports({ token, entries, onRemove }: UnsentReportsProps) {
  const { t } = useTranslation();
  const copy = useQuery({
    queryKey: driverReportKeys.driveCopy(token),
    queryFn: () => readRouteCopy(token),
  });
  const format = useTimeFormat(copy.data?.timeZone);
  const [removing, setRemoving] = useState(false);
  const names = new Map(copy.data?.stops.map((stop) => [stop.id, stop.name]));

  const download = async () => {
    const file = await unsentReportsFile(entries, copy.data ?? null, dataUrlOf);
    downloadText(
      unsentReportsFileName(new Date()),
      JSON.stringify(file, null, 2),
      'application/json',
    );
  };

  return (
    <div className="driver__unsent">
      <p role="alert">{t('drive.unsent', { count: entries.length })}</p>
      <ul className="driver__unsent-list" aria-label={t('drive.unsentList')}>
        {entries.map(({ report }) => (
          <li key={report.id}>
            <strong>{names.get(report.stopId) ?? t('drive.unsentUnknownStop')}</strong>
            {': '}
            {t(`drive.status.${report.status}`)}
            {report.reason
              ? ` · ${t(`drive.reason.${report.reason}`, { defaultValue: report.reason })}`
              : ''}
            {' · '}
            {format.time(Date.parse(report.at))}
            {report.note ? ` · ${report.note}` : ''}
          </li>
        ))}
      </ul>
      <div className="driver__unsent-actions">
        <button type="button" className="button" onClick={() => void download()}>
          {t('drive.unsentDownload')}
        </button>
        <button
          type="button"
          className="button"
          disabled={removing}
          onClick={() => {
            setRemoving(true);
            void onRemove().finally(() => setRemoving(false));
          }}
        >
          {t('drive.unsentRemove')}
        </button>
      </div>
    </div>
  );
}
