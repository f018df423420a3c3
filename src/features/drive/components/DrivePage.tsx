import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { isApiError } from '@/lib/api-client';
import { useTimeFormat } from '@/lib/day-plan';
import { useOnline } from '@/lib/offline';
import { driveRouteQueryOptions } from '../api/drive-route';
import { useReportOutbox } from '../hooks/use-report-outbox';
import { deliveryStops, isRouteStart } from '@domain/stop-reports.ts';
import { useRouteChanges } from '../hooks/use-route-changes';
import { shownReports } from '../model/report-outbox';
import { unsentEntries } from '../model/unsent-reports';
import { DriveStopCard } from './DriveStopCard';
import { NavigationAppSetting } from './NavigateButton';
import { OutboxStatus } from './OutboxStatus';
import { ReorderLeft } from './ReorderLeft';
import { ReportForm } from './ReportForm';
import { RouteChangedNotice } from './RouteChangedNotice';
import { UnsentReports } from './UnsentReports';
import '@/components/forms.css';
import './drive.css';

/**
 * /drive/:token, the driver's page of a driver link (no account): the route's stops in order,
 * the next one first and large, Navigate, and a report at each stop. Reports are kept on the
 * phone first and sent when the network allows (hooks/use-report-outbox.ts).
 */
export function DrivePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const route = useQuery({ ...driveRouteQueryOptions(token), retry: false });
  const outbox = useReportOutbox(token, route.data?.stops);
  const online = useOnline();
  const format = useTimeFormat(route.data?.timeZone);
  const [reporting, setReporting] = useState<string | null>(null);
  const changed = useRouteChanges(route.data?.stops);

  if (route.isPending) return <LoadingState label={t('drive.loading')} />;
  if (route.isError) {
    const gone = isApiError(route.error) && route.error.status === 404;
    const unsent = gone ? unsentEntries(outbox.queue) : [];
    return (
      <section className="page driver driver--failed">
        <h1 className="page__title">{gone ? t('drive.goneTitle') : t('drive.failedTitle')}</h1>
        {unsent.length > 0 ? (
          <UnsentReports token={token} entries={unsent} onRemove={outbox.removeUnsent} />
        ) : (
          <p role="alert">{gone ? t('drive.gone') : t('drive.failed')}</p>
        )}
        {gone ? null : (
          <button type="button" className="button" onClick={() => void route.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </section>
    );
  }

  const { title, stops } = route.data;
  const shown = shownReports(stops, outbox.queue);
  // The start (stop 1) is no delivery: never the next stop, never reported (docs/features.md).
  const nextIndex = stops.findIndex((stop, index) => !isRouteStart(index) && !shown.has(stop.id));
  const deliveries = deliveryStops(stops);
  const card = (index: number, next = false) => {
    const stop = stops[index];
    if (reporting === stop.id) {
      return (
        <section key={stop.id} className={`driver-stop${next ? ' driver-stop--next' : ''}`}>
          <h2 className="driver-stop__name">{t('drive.reportOn', { name: stop.name })}</h2>
          <ReportForm
            stop={stop}
            onCancel={() => setReporting(null)}
            onReport={(report, proofs) => {
              setReporting(null);
              void outbox.report(report, proofs);
            }}
          />
        </section>
      );
    }
    return (
      <DriveStopCard
        key={stop.id}
        stop={stop}
        number={index + 1}
        shown={shown.get(stop.id)}
        format={format}
        next={next}
        start={isRouteStart(index)}
        onReport={() => setReporting(stop.id)}
      />
    );
  };

  return (
    <section className="page driver" aria-labelledby="drive-title">
      <h1 id="drive-title" className="page__title driver__title">
        {title}
      </h1>
      <p className="driver__summary">
        {t('drive.summary', {
          count: deliveries.length,
          reported: deliveries.filter((stop) => shown.has(stop.id)).length,
        })}
      </p>
      <RouteChangedNotice changes={changed.changes} onDismiss={changed.dismiss} />
      <OutboxStatus
        online={online}
        waiting={outbox.waiting}
        state={outbox.state}
        refused={outbox.queue.filter((entry) => entry.refused)}
        onDismiss={(id) => void outbox.dismiss(id)}
      />
      {online ? (
        <ReorderLeft token={token} route={route.data} waiting={outbox.waiting} format={format} />
      ) : null}
      {nextIndex >= 0 ? (
        card(nextIndex, true)
      ) : (
        <p className="driver__done">{t('drive.allDone')}</p>
      )}
      <h2 className="driver__list-title">{t('drive.otherStops')}</h2>
      <ol className="driver__stops">
        {stops.map((stop, index) =>
          index === nextIndex ? null : <li key={stop.id}>{card(index)}</li>,
        )}
      </ol>
      <NavigationAppSetting />
    </section>
  );
}

export default DrivePage;
