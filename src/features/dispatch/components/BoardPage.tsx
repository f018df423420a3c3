import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { isApiError } from '@/lib/api-client';
import { useTimeFormat } from '@/lib/day-plan';
import { driverReportKeys, progressFacts } from '@/lib/driver-reports';
import { useBoard, type BoardTarget } from '../hooks/use-board';
import { useBoardAdditions } from '../hooks/use-board-additions';
import { useBoardMoves } from '../hooks/use-board-moves';
import { useTrackingLinks } from '../hooks/use-tracking-links';
import { boardRows, type BoardRow } from '../model/board-rows';
import type { RenderPlaceSearch } from './AddStopForm';
import { DayReportButton } from './DayReportButton';
import { DriverSummary } from './DriverSummary';
import { MailMergeButton } from './MailMergeButton';
import { RevokeTrackingButton } from './RevokeTrackingButton';
import { StopReports } from './StopReports';
import './board.css';

/** Leaflet and the map's code come with the map, after the page's text. */
const BoardMap = lazy(() => import('./BoardMap'));

/**
 * The live board of a saved route or of every driver of a day: a map with every stop in its
 * status's colour and each driver's last reported position, each driver's progress and
 * predicted finish, each stop's report, and the day's report to download. Stops are added to a
 * driver's route from here, with the address search the page gives (`renderPlaceSearch`) or a
 * click on the map.
 */
export function BoardPage({ renderPlaceSearch }: { renderPlaceSearch?: RenderPlaceSearch } = {}) {
  const { t } = useTranslation();
  const { id, group } = useParams();
  const target: BoardTarget = group ? { kind: 'day', group } : { kind: 'route', id: id ?? '' };
  const board = useBoard(target);
  const format = useTimeFormat();
  const routes = board.data;
  const rows = useMemo(() => (routes ? boardRows(routes) : []), [routes]);
  const { setMessageElement, ...moves } = useBoardMoves(
    target.kind === 'day' ? target.group : null,
    routes ?? [],
    rows,
  );
  const tracking = useTrackingLinks(routes ?? []);
  const { setMessageElement: setAddedElement, ...additions } = useBoardAdditions(
    target.kind === 'day'
      ? driverReportKeys.dayGroup(target.group)
      : driverReportKeys.progress(target.id),
    routes ?? [],
    renderPlaceSearch,
  );

  if (board.isPending) return <LoadingState label={t('board.loading')} />;
  if (board.isError || !routes) {
    const missing = isApiError(board.error) && board.error.status === 404;
    return (
      <section className="page board">
        <p role="alert">{missing ? t('board.notFound') : t('board.failed')}</p>
        <button type="button" className="button" onClick={() => void board.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const title =
    target.kind === 'day'
      ? t('board.dayTitle', { count: routes.length })
      : (routes[0]?.title ?? t('board.title'));
  const drivers = routes.map((route) => ({ route, facts: progressFacts(route) }));
  // Every stop but the start: its customer's tracking link, and moving it while it is to do.
  const actions = (row: BoardRow) =>
    row.number > 1 ? (
      <div className="board-stop__actions">
        {moves.actions(row)}
        <button
          type="button"
          className="button button--small"
          aria-label={t('board.tracking.copyLabel', { name: row.name })}
          onClick={() => void tracking.copy(row)}
        >
          {t('board.tracking.copy')}
        </button>
        <label className="board-stop__photo-choice">
          <input
            type="checkbox"
            checked={tracking.photos.has(row.stopId)}
            aria-label={t('board.tracking.photoLabel', { name: row.name })}
            onChange={(event) => void tracking.showPhoto(row, event.target.checked)}
          />{' '}
          {t('board.tracking.photo')}
        </label>
      </div>
    ) : null;

  return (
    <section className="page board" aria-labelledby="board-title">
      <div className="board__header">
        <h1 id="board-title" className="page__title">
          {title}
        </h1>
        <p className="board__updated" data-testid="board-updated">
          {t('board.updated', {
            // With its seconds: the board asks every 15 s, and each answer shows.
            time: new Intl.DateTimeFormat(format.locale, {
              timeStyle: 'medium',
              timeZone: format.timeZone,
            }).format(board.dataUpdatedAt),
          })}
          {board.isFetching ? ` · ${t('board.refreshing')}` : ''}
          {board.isRefetchError ? ` · ${t('board.refreshFailed')}` : ''}
        </p>
        <DayReportButton title={title} rows={rows} links={tracking.links} />
        <MailMergeButton title={title} rows={rows} makeAll={tracking.makeAll} />
      </div>
      <p
        ref={setMessageElement}
        className="board__moved"
        role="status"
        tabIndex={-1}
        data-testid="board-moved"
      >
        {moves.message}
      </p>
      <p className="board__moved" role="status" data-testid="board-tracking">
        {tracking.message}
      </p>
      <p
        ref={setAddedElement}
        className="board__moved"
        role="status"
        tabIndex={-1}
        data-testid="board-added"
      >
        {additions.message}
      </p>
      <div className="board__map">
        <Suspense fallback={<div className="board__map-pending" />}>
          <BoardMap rows={rows} drivers={drivers} onPick={additions.pickOnMap} />
        </Suspense>
      </div>
      {additions.form}
      <h2 className="board__section-title">{t('board.drivers')}</h2>
      <ul className="board__drivers">
        {drivers.map(({ route, facts }) => (
          <li key={route.itineraryId} {...moves.targetProps(route.itineraryId)}>
            <DriverSummary title={route.title} facts={facts} format={format} />
            <div className="board-driver__actions">
              <button
                type="button"
                className="button button--small"
                aria-label={t('board.add.label', { title: route.title })}
                onClick={(event) => additions.openFor(route.itineraryId, event.currentTarget)}
              >
                {t('board.add.button')}
              </button>
              {tracking.linked.has(route.itineraryId) ? (
                <RevokeTrackingButton
                  title={route.title}
                  onRevoke={() => void tracking.revoke(route)}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <h2 className="board__section-title">{t('board.stops')}</h2>
      {routes.map((route) => (
        <StopReports
          key={route.itineraryId}
          title={route.title}
          showTitle={routes.length > 1}
          rows={rows.filter((row) => row.routeId === route.itineraryId)}
          format={format}
          actions={actions}
          rowProps={moves.rowProps}
          sectionProps={moves.targetProps(route.itineraryId)}
        />
      ))}
    </section>
  );
}

export default BoardPage;
